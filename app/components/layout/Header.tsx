import { Form, Link, NavLink } from "@remix-run/react";
import { closeMenuOnEscape } from "~/components/details-menu";
import { Icon, type IconName } from "~/components/Icon";
import { Logo } from "~/components/Logo";
import { INSTITUTIONAL_LINKS } from "~/components/layout/site-links";
import { displayName } from "~/models/account/user";

export type HeaderUser = {
  fullName: string | null;
  username: string;
  email: string;
  isAdmin: boolean;
  avatar: string | null;
  /** Messages waiting for this person (issue #37): the root loader's one indexed read, kept fresh by useLiveUnread (root.tsx). */
  unreadMessages?: number;
};

type NavItem = { to: string; label: string; icon: IconName; end?: boolean; badge?: number };

const focusRing =
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

// Clicking the open summary closes a <details>; while open, the summary's ::before becomes a fixed
// layer over the page, so a click outside the menu lands on the summary and closes it without JS.
const closeOnOutsideClick =
  "group-open:before:fixed group-open:before:inset-0 group-open:before:z-40 group-open:before:cursor-default group-open:before:content-['']";

function navItems(user: HeaderUser | null): NavItem[] {
  const items: NavItem[] = [
    { to: "/", label: "Início", icon: "house", end: true },
    { to: "/categories", label: "Categorias", icon: "layout-grid" },
    { to: "/favoritos", label: "Favoritos", icon: "heart" },
  ];
  if (user) items.push({ to: "/mensagens", label: "Mensagens", icon: "message-circle", badge: user.unreadMessages ?? 0 });
  if (user) items.push({ to: "/dashboard", label: "Meus Anúncios", icon: "layout-dashboard" });
  if (user?.isAdmin) items.push({ to: "/admin", label: "Admin", icon: "shield-check" });
  return items;
}

/**
 * The site's header. `locationKey` is the router's location key: a <details> keeps its open state across
 * client-side navigations, and keying the menus by the location remounts them closed after each navigation,
 * which is what a menu should do.
 */
export function Header({ user, locationKey }: { user: HeaderUser | null; locationKey: string }) {
  const items = navItems(user);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-4 lg:px-6">
        <MobileMenu key={`mobile-${locationKey}`} user={user} items={items} />

        <Link to="/" className={`flex min-h-11 shrink-0 items-center rounded-md ${focusRing}`}>
          <Logo />
        </Link>

        <nav aria-label="Navegação principal" className="ml-2 hidden md:block lg:ml-6">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    `block whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium lg:px-3 ${focusRing} ${
                      isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-brand-800"
                    }`
                  }
                >
                  {item.label}
                  <UnreadBadge count={item.badge} />
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <Link
            to="/create-ad"
            className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg bg-accent-400 px-3 py-2 text-sm font-bold text-slate-900 shadow-sm hover:bg-accent-500 sm:px-4 ${focusRing}`}
          >
            <Icon name="plus" className="hidden h-4 w-4 sm:block" strokeWidth={2.5} />
            Anunciar
          </Link>
          {user ? <UserMenu key={`user-${locationKey}`} user={user} /> : <LoginHint />}
        </div>
      </div>
    </header>
  );
}

/** The unread messages beside 'Mensagens': nothing when there are none. */
function UnreadBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span data-testid="unread-messages" className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white">
      {count > 99 ? "99+" : count}
      <span className="sr-only"> não lidas</span>
    </span>
  );
}

function LoginHint() {
  return (
    <Link
      to="/login"
      className={`relative flex items-center gap-2 rounded-full text-sm font-semibold text-brand-800 hover:text-brand-950 sm:pr-4 ${focusRing}`}
    >
      {/* The pulse animates this background, not the text, so the hint keeps its contrast on every frame. */}
      <span
        aria-hidden="true"
        className="absolute inset-0 hidden rounded-full bg-brand-100 motion-safe:animate-pulse sm:block"
      />
      <span className="relative flex h-10 w-10 items-center justify-center rounded-full border border-brand-200 bg-brand-50 sm:bg-white">
        <Icon name="user-round" className="h-5 w-5" />
      </span>
      {/* Visible from sm up; on phones the drawer offers "Entrar", but screen readers still get the name. */}
      <span className="sr-only sm:not-sr-only sm:relative">Faça o login aqui</span>
    </Link>
  );
}

function Avatar({ user, size }: { user: HeaderUser; size: "sm" | "md" }) {
  const box = size === "sm" ? "h-9 w-9 text-sm" : "h-11 w-11 text-base";
  if (user.avatar) {
    return (
      <img
        src={user.avatar}
        alt=""
        referrerPolicy="no-referrer"
        className={`${box} shrink-0 rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold uppercase text-white`}
    >
      {displayName(user).charAt(0)}
    </span>
  );
}

function UserMenu({ user }: { user: HeaderUser }) {
  const name = displayName(user);
  return (
    <details className="group relative" onKeyDown={closeMenuOnEscape}>
      <summary
        className={`cursor-pointer ${closeOnOutsideClick} flex items-center gap-2 rounded-full p-0.5 text-sm font-medium text-slate-800 hover:bg-slate-100 lg:pr-2 ${focusRing}`}
      >
        <Avatar user={user} size="sm" />
        <span className="sr-only">Menu da conta de </span>
        <span className="sr-only lg:not-sr-only lg:max-w-[10rem] lg:truncate">{name}</span>
        <Icon name="chevron-down" className="hidden h-4 w-4 transition-transform group-open:rotate-180 sm:block" />
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-72 max-w-[calc(100vw-1.5rem)] rounded-xl border border-slate-200 bg-white py-2 shadow-lg">
        <div className="flex items-center gap-3 border-b border-slate-100 px-4 pb-3 pt-1">
          <Avatar user={user} size="md" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{name}</p>
            <p className="truncate text-sm text-slate-600">{user.email}</p>
          </div>
        </div>
        <ul className="py-1">
          <li>
            <MenuLink to="/dashboard" icon="layout-dashboard" label="Meus Anúncios" />
          </li>
          <li>
            <MenuLink to="/conta" icon="settings" label="Minha conta" />
          </li>
          {user.isAdmin ? (
            <li>
              <MenuLink to="/admin" icon="shield-check" label="Admin" />
            </li>
          ) : null}
        </ul>
        <div className="border-t border-slate-100 pt-1">
          <LogoutButton />
        </div>
      </div>
    </details>
  );
}

function MenuLink({ to, icon, label }: { to: string; icon: IconName; label: string }) {
  return (
    <Link
      to={to}
      className={`flex items-center gap-3 px-4 py-2.5 text-sm text-slate-700 hover:bg-slate-50 hover:text-brand-800 focus-visible:bg-slate-50 ${focusRing} focus-visible:ring-inset focus-visible:ring-offset-0`}
    >
      <Icon name={icon} className="h-4 w-4 text-slate-500" />
      {label}
    </Link>
  );
}

function LogoutButton() {
  return (
    <Form method="post" action="/logout">
      <button
        type="submit"
        className={`flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm font-medium text-red-700 hover:bg-red-50 ${focusRing} focus-visible:ring-inset focus-visible:ring-offset-0`}
      >
        <Icon name="log-out" className="h-4 w-4" />
        Sair
      </button>
    </Form>
  );
}

function MobileMenu({ user, items }: { user: HeaderUser | null; items: NavItem[] }) {
  return (
    <details className="group md:hidden" onKeyDown={closeMenuOnEscape}>
      {/* The backdrop starts below the header bar, so this same toggle stays visible as the close button. */}
      <summary
        className={`cursor-pointer ${closeOnOutsideClick} group-open:before:top-16 group-open:before:bg-slate-900/50 flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 ${focusRing}`}
      >
        <Icon name="menu" className="h-6 w-6 group-open:hidden" />
        <Icon name="x" className="hidden h-6 w-6 group-open:block" />
        <span className="sr-only">Menu</span>
      </summary>
      <div className="fixed bottom-0 left-0 top-16 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto border-r border-slate-200 bg-white shadow-xl">
        {user ? (
          <div className="flex items-center gap-3 border-b border-slate-100 px-4 py-4">
            <Avatar user={user} size="md" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{displayName(user)}</p>
              <p className="truncate text-sm text-slate-600">{user.email}</p>
            </div>
          </div>
        ) : null}
        <nav aria-label="Menu" className="px-2 py-3">
          <ul className="space-y-1">
            {items.map(({ to, label, icon, end, badge }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    `flex items-center gap-3 rounded-lg px-3 py-3 text-base font-medium ${focusRing} ${
                      isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"
                    }`
                  }
                >
                  <Icon name={icon} className="h-5 w-5 shrink-0" />
                  {label}
                  <UnreadBadge count={badge} />
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Institucional" className="border-t border-slate-100 px-2 py-3">
          <ul className="space-y-1">
            {INSTITUTIONAL_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link
                  to={to}
                  className={`block rounded-lg px-3 py-3 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${focusRing}`}
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-auto space-y-2 border-t border-slate-100 p-4">
          <Link
            to="/create-ad"
            className={`flex items-center justify-center gap-2 rounded-lg bg-accent-400 px-4 py-3 font-bold text-slate-900 hover:bg-accent-500 ${focusRing}`}
          >
            <Icon name="plus" className="h-5 w-5" strokeWidth={2.5} />
            Anunciar
          </Link>
          {user ? (
            <Form method="post" action="/logout">
              <button
                type="submit"
                className={`flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 px-4 py-3 font-semibold text-red-700 hover:bg-red-50 ${focusRing}`}
              >
                <Icon name="log-out" className="h-5 w-5" />
                Sair
              </button>
            </Form>
          ) : (
            <Link
              to="/login"
              className={`flex items-center justify-center gap-2 rounded-lg border border-brand-200 px-4 py-3 font-semibold text-brand-800 hover:bg-brand-50 ${focusRing}`}
            >
              <Icon name="log-in" className="h-5 w-5" />
              Entrar
            </Link>
          )}
        </div>
      </div>
    </details>
  );
}
