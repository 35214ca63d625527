import { Link } from "react-router";

const messages: Record<number, { title: string; body: string }> = {
  400: { title: "That request didn't look right", body: "Check what you entered and try again." },
  403: {
    title: "You don't have access to this",
    body: "Ask an administrator if you think you should.",
  },
  404: {
    title: "Page not found",
    body: "The page you were looking for has moved, or never existed. Let's get you back on course.",
  },
  413: {
    title: "That was too large to send",
    body: "The file or text is larger than this form accepts. Go back, choose a smaller file or shorten the text, and try again.",
  },
  429: { title: "Too many requests", body: "Please wait a moment and try again." },
  503: {
    title: "We'll be right back",
    body: "The service is briefly unavailable. Try again in a few seconds.",
  },
};

/** The one error screen every route's ErrorBoundary shows, worded per status. */
export function ErrorPage({ status }: { status: number }) {
  const message = messages[status] ?? {
    title: "Something went wrong",
    body: "An unexpected error occurred on our side. Please try again in a moment.",
  };
  return (
    <main
      id="main"
      className="container-page flex min-h-[60vh] flex-col items-start justify-center gap-6 py-24"
    >
      <p className="eyebrow">Error {status}</p>
      <h1 className="heading-xl">{message.title}</h1>
      <p className="max-w-xl text-lg text-mist-300">{message.body}</p>
      <div className="flex flex-wrap gap-3">
        <Link to="/" className="btn-primary">
          Back to home
        </Link>
        <Link to="/contact" className="btn-secondary">
          Contact us
        </Link>
      </div>
    </main>
  );
}
