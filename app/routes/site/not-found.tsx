import { ErrorPage } from "#app/components/ui/error-page.tsx";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export const meta = () => [{ title: "Page not found | Digital Frontier" }];

export default function NotFound() {
  return <ErrorPage status={404} />;
}
