import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, contentClaims, contentReports, jobs } from "~schema";
import { decideItems } from "~/features/moderation/decisions.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createWorker } from "~/lib/jobs/index.server";
import { jobHandlers } from "../../server/jobs";
import { createTestDatabase, testEngine } from "../support/database";
import { createTestServices } from "../support/services";

// Closing the loop (ADR 053): the sender hears the decision, in the language they wrote in,
// through the mailer (the outbox here), from a job.

describe(`outcome e-mails on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: ReturnType<typeof createTestServices>;
  const actor = { userId: null, email: "mod@example.com" };
  beforeAll(async () => {
    handle = await createTestDatabase();
    env = createTestServices(handle);
  });
  afterAll(() => handle?.close());
  const runJobs = () => createWorker({ db: handle.db, handlers: jobHandlers(env.services), log: env.services.log }).drain();
  const mailJob = async (subject: string) => (await handle.db.select().from(jobs).where(eq(jobs.subject, subject)))[0]!;

  it("tells a Spanish-speaking claimant that the content was removed, with the moderator's note", async () => {
    const [claim] = await handle.db
      .insert(contentClaims)
      .values({
        contentUrl: "https://example.com/video/x",
        email: "ana@example.com",
        position: "removal",
        language: "es",
        basis: "consent",
      })
      .returning();
    await decideItems(env.services, actor, "claims-removal", [claim!.id], {
      decision: "resolved",
      reason: "removed",
      note: "Gracias por avisar.",
    });
    // Nothing is sent inside the moderator's request: the job does it.
    expect(env.outbox.list().some((m) => m.to === "ana@example.com")).toBe(false);
    await runJobs();
    const mail = env.outbox.list().find((m) => m.to === "ana@example.com")!;
    expect(mail.subject).toBe("Spicy Clips: hemos revisado tu solicitud de retirada");
    expect(mail.text).toContain("Se refería a: https://example.com/video/x");
    expect(mail.text).toContain("Decisión: aceptado.");
    expect(mail.text).toContain("El contenido se ha retirado del sitio");
    expect(mail.text).toContain("Una nota del moderador: Gracias por avisar.");
    expect(mail.html).toContain('<html lang="es">');
    expect(await mailJob(`claims-removal:${claim!.id}`)).toMatchObject({ state: "done", result: { sent: true, to: "a***@example.com" } });
  });

  it("writes in English by default, and skips a report that left no address", async () => {
    const [message] = await handle.db
      .insert(contactMessages)
      .values({ name: "Bo", email: "bo@example.com", subject: "Payouts", message: "?" })
      .returning();
    const [report] = await handle.db.insert(contentReports).values({ contentUrl: "https://example.com/r", description: "d" }).returning();
    await decideItems(env.services, actor, "contact", [message!.id], { decision: "rejected", reason: "spam", note: "" });
    await decideItems(env.services, actor, "reports", [report!.id], { decision: "rejected", reason: "no_violation", note: "" });
    await runJobs();
    const mail = env.outbox.list().find((m) => m.to === "bo@example.com")!;
    expect(mail.subject).toBe("Spicy Clips: we have reviewed your message");
    expect(mail.text).toContain("Decision: declined.");
    expect(mail.text).toContain("It concerned: Payouts");
    expect(mail.text).not.toContain("A note from the moderator");
    expect(await mailJob(`reports:${report!.id}`)).toMatchObject({ state: "done", result: { sent: false, why: "no-address" } });
  });

  it("sends nothing for an item deleted before its e-mail left (the person's data is gone)", async () => {
    const [message] = await handle.db
      .insert(contactMessages)
      .values({ name: "Cy", email: "cy@example.com", subject: "s", message: "m" })
      .returning();
    await decideItems(env.services, actor, "contact", [message!.id], { decision: "resolved", reason: "answered", note: "" });
    await handle.db.delete(contactMessages).where(eq(contactMessages.id, message!.id));
    await runJobs();
    expect(env.outbox.list().some((m) => m.to === "cy@example.com")).toBe(false);
    expect(await mailJob(`contact:${message!.id}`)).toMatchObject({ state: "done", result: { sent: false, why: "item-gone" } });
  });
});
