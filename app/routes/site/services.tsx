export const meta = () => [{ title: "Services | Digital Frontier" }];

export default function ServicesPage() {
  return (
    <main id="main" className="container-page py-24">
      <h1 className="heading-xl">Services</h1>
    </main>
  );
}
