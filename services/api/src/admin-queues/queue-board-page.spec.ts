import { boardPageTemplate } from './queue-board-page';

describe("the queue board's page template", () => {
  it('refuses a template it does not know (a Bull Board upgrade) instead of serving it half-edited', () => {
    expect(() => boardPageTemplate('<!DOCTYPE html><html lang="en"><body></body></html>')).toThrow(
      /queue board's page template changed/,
    );
  });
});
