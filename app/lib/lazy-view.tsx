import { lazy, memo, Suspense, useEffect, useState, type ComponentType } from "react";

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

  // Until its code arrives the view keeps the props it was hydrated with: new props reaching a boundary that still
  // shows the server's HTML make React drop that HTML, and the view would vanish until the chunk came. Once the code
  // is there, the view renders again with the latest props.
  const Held = memo(
    function Held({ props, latest }: { props: P; latest: { current: P } }) {
      const [, setArrived] = useState(false);
      useEffect(() => {
        if (loaded) return;
        let live = true;
        void start().then(() => setTimeout(() => live && setArrived(true), 0));
        return () => {
          live = false;
        };
      }, []);
      // One component for the boundary's whole life: rendering the loaded view in place of the lazy one that hydrated
      // would be a new element type, and React would replace the server's elements with new ones — a press or the
      // text typed on them meanwhile would be lost.
      const [View] = useState(() => loaded ?? Lazy);
      return (
        <Suspense>
          <View {...(loaded ? latest.current : props)} />
        </Suspense>
      );
    },
    () => loaded === undefined,
  );

  function LazyView(props: P) {
    // The props of this render, for Held's own render once the code has arrived (a memo keeps its older ones).
    const [latest] = useState(() => ({ current: props }));
    latest.current = props;
    return <Held props={props} latest={latest} />;
  }
  return LazyView;
}
