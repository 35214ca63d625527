export const meta = () => [{ title: "Pricing | Digital Frontier" }];

export default function PricingPage() {
  return (
    <main id="main" className="container-page py-24">
      <h1 className="heading-xl">Pricing</h1>
    </main>
  );
}
