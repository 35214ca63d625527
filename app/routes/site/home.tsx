export const meta = () => [{ title: "Engineering The Digital Frontier | Digital Frontier" }];

export default function HomePage() {
  return (
    <main id="main" className="container-page py-24">
      <h1 className="heading-xl">Engineering The Digital Frontier</h1>
    </main>
  );
}
