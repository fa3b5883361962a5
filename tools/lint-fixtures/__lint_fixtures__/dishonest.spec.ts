// Lint fixture: tests that pass by accident (a focused test, a switched-off one, an expectation
// only inside `catch`, an async expectation nobody awaits), and one honest test.
function parse(text: string): number {
  return Number(text);
}

it.only('parses a number', () => {
  expect(parse('7')).toBe(7);
});

it.skip('parses another', () => {
  expect(parse('8')).toBe(8);
});

it('refuses bad input', () => {
  try {
    parse('x');
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
  }
});

it('answers later', () => {
  void expect(Promise.resolve(parse('9'))).resolves.toBe(9);
});

it('answers later, awaited', async () => {
  await expect(Promise.resolve(parse('9'))).resolves.toBe(9);
});
