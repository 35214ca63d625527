export const meta = () => [{ title: "Insights | Digital Frontier" }];

export default function InsightsPage() {
  return (
    <main id="main" className="container-page py-24">
      <h1 className="heading-xl">Insights</h1>
    </main>
  );
}
