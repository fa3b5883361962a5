import { reviewList } from './normalize';

const review = (id: string, isApproved?: boolean) => ({
  _id: id,
  bookId: 'b1',
  authorName: 'קורא',
  content: 'ספר יפה',
  rating: 5,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...(isApproved === undefined ? {} : { isApproved }),
});

describe('reviewList', () => {
  it('keeps only reviews marked approved, from an array or { comments }', () => {
    const answer = [review('yes', true), review('no', false), review('unmarked')];
    expect(reviewList(answer).map((r) => r._id)).toEqual(['yes']);
    expect(reviewList({ comments: answer }).map((r) => r._id)).toEqual(['yes']);
  });

  it('gives an empty list for anything else', () => {
    expect(reviewList({ message: 'x' })).toEqual([]);
    expect(reviewList(null)).toEqual([]);
    expect(reviewList([null])).toEqual([]);
  });
});
