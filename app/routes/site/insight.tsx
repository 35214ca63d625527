export const meta = () => [{ title: "Insight | Digital Frontier" }];

export default function InsightPage() {
  return (
    <main id="main" className="container-page py-24">
      <h1 className="heading-xl">Insight</h1>
    </main>
  );
}
