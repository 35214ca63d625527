export const meta = () => [{ title: "Case Study | Digital Frontier" }];

export default function CaseStudyPage() {
  return (
    <main id="main" className="container-page py-24">
      <h1 className="heading-xl">Case Study</h1>
    </main>
  );
}
