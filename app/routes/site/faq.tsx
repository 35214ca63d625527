export const meta = () => [{ title: "Frequently Asked Questions | Digital Frontier" }];

export default function FaqPage() {
  return (
    <main id="main" className="container-page py-24">
      <h1 className="heading-xl">Frequently Asked Questions</h1>
    </main>
  );
}
