export const meta = () => [{ title: "Case Studies | Digital Frontier" }];

export default function CaseStudiesPage() {
  return (
    <main id="main" className="container-page py-24">
      <h1 className="heading-xl">Case Studies</h1>
    </main>
  );
}
