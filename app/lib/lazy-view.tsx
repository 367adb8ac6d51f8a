import { lazy, Suspense, type ComponentType } from "react";

// Views few visitors see (the age gate, the Conscious Mode landing, an empty feed, the goal nudge)
// load in the browser only when rendered, outside the home page's first-load JavaScript
// (docs/decisions/040-javascript-budgets.md). The server imports them before it renders
// (`lazyViewsReady`), so the HTML always holds the view in place: pages work without
// JavaScript, and hydration keeps the server's markup until the chunk arrives.

const serverLoads: Promise<unknown>[] = [];

/** Resolves once every lazy view is imported on the server (entry.server awaits it). */
export function lazyViewsReady(): Promise<unknown> {
  return Promise.all(serverLoads);
}

export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => (loading ??= load().then((view) => (loaded = view)));
  if (import.meta.env.SSR) serverLoads.push(start());
  const Lazy = lazy(() => start().then((view) => ({ default: view })));

  function LazyView(props: P) {
    const View = loaded ?? Lazy;
    return (
      <Suspense>
        <View {...props} />
      </Suspense>
    );
  }
  return LazyView;
}
