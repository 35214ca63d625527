export const meta = () => [{ title: "Sign in | Digital Frontier" }];

export default function LoginPage() {
  return (
    <main id="main" className="container-page py-24">
      <h1 className="heading-lg">Sign in</h1>
    </main>
  );
}
