export const meta = () => [{ title: "Podcasts | Digital Frontier" }];

export default function PodcastsPage() {
  return (
    <main id="main" className="container-page py-24">
      <h1 className="heading-xl">Podcasts</h1>
    </main>
  );
}
