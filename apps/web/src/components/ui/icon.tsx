/** A small set of line icons drawn inline, so the menus need no icon library. */
const PATHS: Record<string, string> = {
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0',
  settings: 'M4 6h16M4 12h16M4 18h16M8 4v4M16 10v4M10 16v4',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  receipt: 'M6 2h12v20l-3-2-3 2-3-2-3 2zM9 7h6M9 11h6M9 15h4',
  home: 'M3 11l9-8 9 8M5 10v10h14V10',
  logout: 'M15 12H3M11 8l4 4-4 4M15 4h5v16h-5',
};

/** One of the set by `name`, or a lazily loaded part's own drawing (`path`), which the set need not carry. */
export function Icon({ name, size = 22, path }: { name: string; size?: number; path?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path ?? PATHS[name] ?? PATHS.home} />
    </svg>
  );
}
