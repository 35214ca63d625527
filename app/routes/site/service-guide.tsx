export const meta = () => [{ title: "Service | Digital Frontier" }];

export default function ServiceGuidePage() {
  return (
    <main id="main" className="container-page py-24">
      <h1 className="heading-xl">Service</h1>
    </main>
  );
}
