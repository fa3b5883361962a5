import { uiStrings } from './strings.he';

describe("the shared components' copy (issue 27)", () => {
  it("names the breadcrumb in Hebrew and labels a retry 'לנסות שוב'", () => {
    expect(uiStrings.breadcrumb).toBe('מסלול ניווט');
    expect(uiStrings.tryAgain).toBe('לנסות שוב');
  });
});
