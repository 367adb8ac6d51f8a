import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, moderationAudit } from "~schema";
import { cachedActiveCategories } from "~/features/feed/index.server";
import { grantModerator } from "~/features/moderation/moderators.server";
import { generationOf } from "~/lib/cache/generation.server";
import type { DatabaseHandle } from "~/lib/db.server";
import * as adminCategories from "~/routes/admin.categories";
import { testEngine } from "../support/database";
import { message } from "../support/messages";
import { routeArgs } from "../support/route-args";
import { type TestServices, withTestServices } from "../support/services";
import { signIn, signInModerator } from "../support/sign-in";

type Reply = {
  data: { ok: boolean; errors?: Record<string, string>; changed?: number; categoryId?: string };
  init: { status?: number } | null;
};
const replyOf = (value: unknown) => {
  const reply = value as Reply;
  return { status: reply.init?.status ?? 200, ...reply.data };
};

describe(`the desk edits categories on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: TestServices;
  withTestServices((made) => ({ handle, env } = made));

  async function moderatorCookie() {
    const email = `desk-category-${randomUUID()}@example.com`;
    await grantModerator(handle.db, email);
    return signInModerator(env, email);
  }
  async function newCategory(orderPriority = 500) {
    const slug = `edit-${randomUUID().slice(0, 8)}`;
    const [row] = await handle.db
      .insert(categories)
      .values({ slug, nameEn: "Before", nameEs: "Antes", color: "#112233", orderPriority })
      .returning();
    return row!;
  }
  const rowOf = async (id: string) => (await handle.db.select().from(categories).where(eq(categories.id, id)))[0]!;
  const audits = async (id: string) =>
    (await handle.db.select().from(moderationAudit).where(eq(moderationAudit.targetId, id))).map((row) => [row.action, row.note]);
  const post = (cookie: string | undefined, body: Record<string, string>, language: "en" | "es" = "en") =>
    adminCategories.action(routeArgs(env.services, "/admin/categories", { cookie, body, language })).then(replyOf);

  it("lists every category, active or not, in the bar's order, to a moderator", async () => {
    const cookie = await moderatorCookie();
    const first = await newCategory(0);
    const hidden = await newCategory(1);
    await handle.db.update(categories).set({ active: false }).where(eq(categories.id, hidden.id));
    const page = await adminCategories.loader(routeArgs(env.services, "/admin/categories", { cookie }));
    const ids = page.categories.map((category) => category.id);
    expect(ids).toContain(hidden.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(hidden.id));
    expect(page.categories.find((category) => category.id === hidden.id)).toMatchObject({ active: false, nameEs: "Antes" });
  });

  it("saves names, colour, order and state in one audited write; the cached category bar shows it on the next read", async () => {
    const cookie = await moderatorCookie();
    const category = await newCategory();
    // The bar as a page would have cached it before the edit.
    expect((await cachedActiveCategories(handle.db)).find((c) => c.slug === category.slug)).toMatchObject({ nameEn: "Before" });
    const generation = await generationOf(handle.db).current();

    const body = { categoryId: category.id, nameEn: "  After  ", nameEs: "Después", color: "#A1B2C3", orderPriority: "3", active: "on" };
    expect(await post(cookie, body)).toMatchObject({ status: 200, ok: true, categoryId: category.id, changed: 4 });
    expect(await rowOf(category.id)).toMatchObject({
      nameEn: "After",
      nameEs: "Después",
      color: "#a1b2c3",
      orderPriority: 3,
      active: true,
    });
    expect(await audits(category.id)).toEqual([["category_edited", "nameEn, nameEs, color, orderPriority"]]);
    // The trigger moved the generation every cache (and the micro-cache) is keyed on.
    expect(await generationOf(handle.db).current()).toBeGreaterThan(generation);
    expect((await cachedActiveCategories(handle.db)).find((c) => c.slug === category.slug)).toMatchObject({
      nameEn: "After",
      nameEs: "Después",
      color: "#a1b2c3",
    });

    // The same values again write nothing.
    expect(await post(cookie, body)).toMatchObject({ ok: true, changed: 0 });
    expect((await audits(category.id)).length).toBe(1);

    // Unticked, the category leaves the bar.
    const { active: _, ...inactive } = body;
    expect(await post(cookie, inactive)).toMatchObject({ ok: true, changed: 1 });
    expect((await cachedActiveCategories(handle.db)).some((c) => c.slug === category.slug)).toBe(false);
    expect((await audits(category.id)).at(-1)).toEqual(["category_edited", "active"]);
  });

  it("refuses bad names, colours and orders with each field's translated message and writes nothing", async () => {
    const cookie = await moderatorCookie();
    const category = await newCategory();
    const good = { categoryId: category.id, nameEn: "Fine", nameEs: "Bien", color: "#000000", orderPriority: "1", active: "on" };
    const cases: [Record<string, string>, string, string][] = [
      [{ ...good, nameEn: "" }, "nameEn", "edit.errors.categoryName"],
      [{ ...good, nameEs: "x".repeat(61) }, "nameEs", "edit.errors.categoryName"],
      [{ ...good, nameEn: "Two\nlines" }, "nameEn", "edit.errors.categoryName"],
      [{ ...good, color: "red" }, "color", "edit.errors.color"],
      [{ ...good, color: "#12345" }, "color", "edit.errors.color"],
      [{ ...good, orderPriority: "-1" }, "orderPriority", "edit.errors.order"],
      [{ ...good, orderPriority: "1.5" }, "orderPriority", "edit.errors.order"],
      [{ ...good, orderPriority: "10000" }, "orderPriority", "edit.errors.order"],
      [{ ...good, orderPriority: "" }, "orderPriority", "edit.errors.order"],
    ];
    for (const [body, field, key] of cases) {
      for (const language of ["en", "es"] as const)
        expect(await post(cookie, body, language)).toMatchObject({
          status: 400,
          ok: false,
          errors: { [field]: message("admin", key, language) },
        });
    }
    const { color: _, ...noColour } = good;
    expect(await post(cookie, noColour)).toMatchObject({ status: 400, errors: { color: message("admin", "edit.errors.color") } });
    expect(await post(cookie, { ...good, categoryId: randomUUID() }, "es")).toMatchObject({
      status: 404,
      errors: { form: message("admin", "edit.errors.categoryNotFound", "es") },
    });
    expect(await post(cookie, { ...good, categoryId: "not-an-id" })).toMatchObject({ status: 404 });
    expect(await rowOf(category.id)).toMatchObject({
      nameEn: "Before",
      nameEs: "Antes",
      color: "#112233",
      orderPriority: 500,
      active: true,
    });
    expect(await audits(category.id)).toEqual([]);
  });

  it("is the 404 page to anyone but a moderator, before the body is read", async () => {
    const category = await newCategory();
    const member = await signIn(env, `not-desk-${randomUUID()}@example.com`);
    for (const cookie of [undefined, member]) {
      const status = await adminCategories
        .action(routeArgs(env.services, "/admin/categories", { cookie, body: { categoryId: category.id, nameEn: "x" } }))
        .then(() => 200)
        .catch((thrown: { init?: { status?: number }; status?: number }) => thrown.init?.status ?? thrown.status);
      expect(status).toBe(404);
    }
    expect(await rowOf(category.id)).toMatchObject({ nameEn: "Before" });
  });
});
