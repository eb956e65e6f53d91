/**
 * The category/subcategory rule of the public listing holds for the page and its API twin alike:
 * a subcategory of another category is ignored, and a subcategory alone implies its category.
 */
import { describe, expect, it } from "vitest";
import { sqlite } from "~/db/client.server";
import { loader as categoriesPage } from "~/routes/categories";
import { loader as publicAds } from "~/routes/api.ads.public";
import { callRoute } from "../support/route";

type ListBody = { ads: { category: { id: number }; subcategory: { id: number } | null }[]; total: number };

/** A subcategory that has public ads, and a category it does not belong to. */
function fixture() {
  const row = sqlite
    .prepare(
      `SELECT s.id AS subcategoryId, s.category_id AS categoryId FROM subcategories s
       WHERE EXISTS (SELECT 1 FROM ads a WHERE a.subcategory_id = s.id AND a.status = 'active') LIMIT 1`,
    )
    .get() as { subcategoryId: number; categoryId: number } | undefined;
  expect(row).toBeDefined();
  // One with public ads of its own: against an empty category, "ignored" and "applied" look the same.
  const other = sqlite
    .prepare(
      `SELECT c.id FROM categories c WHERE c.id <> ?
       AND EXISTS (SELECT 1 FROM ads a WHERE a.category_id = c.id AND a.status = 'active' AND a.expiration_date > ?) LIMIT 1`,
    )
    .get(row!.categoryId, Date.now()) as { id: number } | undefined;
  expect(other).toBeDefined();
  return { ...row!, otherCategoryId: other!.id };
}

async function api(query: string) {
  const response = await callRoute(publicAds, `/api/ads/public?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ListBody;
}

describe("the listing's category rule, page and API alike", () => {
  it("ignores a subcategory of another category on both", async () => {
    const { subcategoryId, otherCategoryId } = fixture();
    const fromApi = await api(`categoryId=${otherCategoryId}&subcategoryId=${subcategoryId}`);
    const categoryOnly = await api(`categoryId=${otherCategoryId}`);
    expect(categoryOnly.total).toBeGreaterThan(0);
    expect(fromApi.total).toBe(categoryOnly.total);

    const page = await callRoute(categoriesPage, `/categories?category=${otherCategoryId}&subcategoryId=${subcategoryId}`);
    const pageData = (await page.json()) as { applied: { categoryId: number; subcategoryId: number | null } };
    expect(pageData.applied).toMatchObject({ categoryId: otherCategoryId, subcategoryId: null });
  });

  it("takes a subcategory alone as its category too, on both", async () => {
    const { subcategoryId, categoryId } = fixture();
    const fromApi = await api(`subcategoryId=${subcategoryId}`);
    expect(fromApi.ads.length).toBeGreaterThan(0);
    for (const ad of fromApi.ads) {
      expect(ad.category.id).toBe(categoryId);
      expect(ad.subcategory?.id).toBe(subcategoryId);
    }
    const page = await callRoute(categoriesPage, `/categories?subcategoryId=${subcategoryId}`);
    const pageData = (await page.json()) as { applied: { categoryId: number; subcategoryId: number | null } };
    expect(pageData.applied).toMatchObject({ categoryId, subcategoryId });
  });
});
