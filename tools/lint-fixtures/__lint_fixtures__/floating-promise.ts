// Lint fixture: a promise nobody awaits, catches or marks `void` (rejected by
// @typescript-eslint/no-floating-promises), and one handled correctly.
async function saveDraft(): Promise<void> {}

export function onLeave(): void {
  saveDraft();
}

export async function onSubmit(): Promise<void> {
  await saveDraft();
}
