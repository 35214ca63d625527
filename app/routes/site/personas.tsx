export const meta = () => [{ title: "Who We Serve | Digital Frontier" }];

export default function PersonasPage() {
  return (
    <main id="main" className="container-page py-24">
      <h1 className="heading-xl">Who We Serve</h1>
    </main>
  );
}
