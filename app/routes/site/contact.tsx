export const meta = () => [{ title: "Contact Us | Digital Frontier" }];

export default function ContactPage() {
  return (
    <main id="main" className="container-page py-24">
      <h1 className="heading-xl">Contact Us</h1>
    </main>
  );
}
