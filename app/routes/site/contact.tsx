import { useEffect, useState } from "react";
import { useActionData, useLocation } from "react-router";
import { ContactForm, contactFields } from "#app/components/site/contact-form.tsx";
import { PageHero } from "#app/components/site/page-hero.tsx";
import { publicUrlFrom } from "#app/root.tsx";
import { readTouchpoints } from "#server/analytics/touchpoints.ts";
import { refuseFormSubmission } from "#server/antispam/form-answers.ts";
import { readForm } from "#server/form-body.ts";
import { submitContactForm } from "#server/leads/leads.ts";
import { redirectWithToast } from "#server/toast.ts";
import { CONTACT_THANKS } from "#shared/contact.ts";
import { absoluteUrl, breadcrumbJsonLd, SITE_NAME, seoMeta } from "#shared/seo.ts";
import type { Route } from "./+types/contact";

export async function action({ request, context }: Route.ActionArgs) {
  let form: FormData | undefined;
  try {
    form = await readForm(request);
    await submitContactForm({
      db: context.db,
      env: context.env,
      form,
      address: context.clientAddress,
      touchpoints: readTouchpoints({ form, headers: request.headers }),
    });
  } catch (error) {
    return refuseFormSubmission({
      error,
      form,
      secret: context.env.AUTH_SECRET,
      fields: contactFields,
    });
  }
  // A repeat of a message already stored gets the same answer (server/antispam/receipts.ts).
  return redirectWithToast("/contact", { message: CONTACT_THANKS });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const publicUrl = publicUrlFrom(matches);
  return seoMeta({
    title: "Contact Us",
    description:
      "Tell us about your project: web platform, AI, mobile app, design or VR/AR. A senior engineer replies within one working day with honest next steps.",
    path: "/contact",
    publicUrl,
    jsonLd: [
      {
        "@type": "ContactPage",
        name: `Contact ${SITE_NAME}`,
        url: absoluteUrl(publicUrl, "/contact"),
      },
      breadcrumbJsonLd(publicUrl, [
        ["Home", "/"],
        ["Contact", "/contact"],
      ]),
    ],
  });
};

export default function ContactPage() {
  const refusal = useActionData<typeof action>();
  const location = useLocation();
  // A sent message comes back to /contact (a new location, no answer data): a new, empty form
  // with a token of its own. A refusal keeps the form and what was typed in it.
  const [formKey, setFormKey] = useState(location.key);
  useEffect(() => {
    if (!refusal) setFormKey(location.key);
  }, [location.key, refusal]);

  return (
    <main id="main" className="container-page">
      <PageHero
        eyebrow="Contact"
        title="Let's talk about what you're building"
        lead="Tell us where you are and where you need to be. A senior engineer, not a sales script, replies within one working day."
      />
      <div className="grid gap-12 lg:grid-cols-[2fr_1fr]">
        <ContactForm key={formKey} refusal={refusal} />
        <aside className="flex flex-col gap-6" aria-label="What happens next">
          <div className="card">
            <h2 className="heading-md">What happens next</h2>
            <ol className="mt-4 list-decimal space-y-2 pl-5 text-mist-300">
              <li>A senior engineer reads your message, usually the same day.</li>
              <li>We reply within one working day with questions or a call slot.</li>
              <li>If we are not the right fit, we tell you and suggest who might be.</li>
            </ol>
          </div>
          <div className="card">
            <h2 className="heading-md">Your details</h2>
            <p className="mt-4 text-mist-300">
              We use what you send only to answer you. No mailing lists unless you subscribe
              yourself.
            </p>
          </div>
        </aside>
      </div>
    </main>
  );
}
