import { Link, useLoaderData } from "@remix-run/react";
import { CategoryIcon } from "~/components/CategoryIcon";
import { listCategories } from "~/models/category.server";

export function loader() {
  return { categories: listCategories().map(({ id, name, icon }) => ({ id, name, icon })) };
}

export default function Home() {
  const { categories } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 lg:px-6 py-10 sm:py-14">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Pequenos anúncios, grandes negócios!</h1>
          <p className="mt-3 max-w-xl text-brand-100">
            Compre, venda e troque em Patos de Minas e região. Fale direto com quem anuncia pelo WhatsApp.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to="/categories"
              className="rounded-lg bg-white px-5 py-3 font-semibold text-brand-800 shadow hover:bg-brand-50 focus:outline-none focus-visible:ring-4 focus-visible:ring-white/60"
            >
              Ver anúncios
            </Link>
            <Link
              to="/create-ad"
              className="rounded-lg bg-accent-400 px-5 py-3 font-semibold text-slate-900 shadow hover:bg-accent-300 focus:outline-none focus-visible:ring-4 focus-visible:ring-white/60"
            >
              Anunciar
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="categorias" className="mx-auto max-w-7xl px-4 lg:px-6 py-8">
        <h2 id="categorias" className="text-xl font-bold text-slate-900">
          Categorias
        </h2>
        <ul className="mt-4 grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={`/categories?category=${category.id}`}
                className="flex h-full flex-col items-center gap-2 rounded-xl border border-slate-200 bg-white p-3 text-center text-sm font-medium text-slate-700 shadow-sm hover:border-brand-300 hover:text-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                <span className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <CategoryIcon icon={category.icon} className="h-6 w-6" />
                </span>
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
