import { useEffect, useRef } from "react";

/**
 * A full-screen card in the browser's top layer (a modal <dialog>): focus stays inside it, screen
 * readers hear its name, and nothing behind it can be reached. `onCancel` decides what Escape does;
 * without it Escape does nothing (the stop card asks for a choice). The element marked
 * `data-autofocus` takes the focus when it opens.
 */
export function ModalCard({
  labelledBy,
  describedBy,
  onCancel,
  testId,
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  onCancel?: () => void;
  testId: string;
  children: React.ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Opened after the event that made it appear: an Escape that closed the session panel must
    // not also cancel this card as its default action.
    const opening = setTimeout(() => {
      if (!element.open) element.showModal();
      element.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }, 0);
    const onEscape = (event: Event) => {
      event.preventDefault();
      cancel.current?.();
    };
    element.addEventListener("cancel", onEscape);
    return () => {
      clearTimeout(opening);
      element.removeEventListener("cancel", onEscape);
      if (element.open) element.close();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      className="pointer-events-auto fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none overflow-y-auto bg-[#0d1614] p-0 text-ink-100 backdrop:bg-black/80"
    >
      <div className="mx-auto flex min-h-full max-w-md flex-col justify-center gap-5 px-5 py-8">{children}</div>
    </dialog>
  );
}
