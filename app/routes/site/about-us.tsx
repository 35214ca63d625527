export const meta = () => [{ title: "About Us | Digital Frontier" }];

export default function AboutUsPage() {
  return (
    <main id="main" className="container-page py-24">
      <h1 className="heading-xl">About Us</h1>
    </main>
  );
}
