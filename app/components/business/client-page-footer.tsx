/** The sign-off under the pages a client opens from a link (proposal, onboarding). */
export function ClientPageFooter() {
  return (
    <footer className="mt-16 border-t border-white/10 pt-6 text-sm text-mist-400">
      Frontier · Engineering The Digital Frontier
    </footer>
  );
}
