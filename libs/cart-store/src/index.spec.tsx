/**
 * @jest-environment jsdom
 */
import { act, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cartStore, selectCount, useCart } from './index';

function Badge() {
  const count = useCart(selectCount);
  return <span data-testid="count">{count}</span>;
}

describe('the page cart', () => {
  afterEach(() => act(() => cartStore.getState().clear()));

  it('re-renders a component reading it on every change, wherever the change was made', () => {
    render(<Badge />);
    expect(screen.getByTestId('count').textContent).toBe('0');
    act(() => cartStore.getState().add({ _id: 'b1', title: 'שירים', price: 40 }));
    act(() => cartStore.getState().add({ _id: 'b1', title: 'שירים', price: 40 }));
    expect(screen.getByTestId('count').textContent).toBe('2');
    expect(JSON.parse(window.localStorage.getItem('cart') ?? '[]')).toHaveLength(1);
  });

  it('follows a change another tab made to the stored cart, and ignores a corrupt one', () => {
    render(<Badge />);
    const lines = [{ book: { _id: 'b2', title: 'רומן', price: 60 }, quantity: 3 }];
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'cart', newValue: JSON.stringify(lines) }),
      );
    });
    expect(screen.getByTestId('count').textContent).toBe('3');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: '{broken' }));
    });
    expect(screen.getByTestId('count').textContent).toBe('0');
  });

  it('mirrors which books and how many into its cookie on every change', () => {
    act(() => cartStore.getState().add({ _id: 'b3', title: 'מסה', price: 30 }));
    act(() => cartStore.getState().setQuantity('b3', 4));
    expect(document.cookie).toContain('mb_cart=b3~4');
    act(() => cartStore.getState().clear());
    expect(document.cookie).toContain('mb_cart=-');
  });

  it('renders what the store holds on a server too (the cart page drawn by the checkout server)', () => {
    cartStore.setState({ lines: [{ book: { _id: 'b4', title: 'שירה', price: 20 }, quantity: 2 }] });
    expect(renderToStaticMarkup(<Badge />)).toBe('<span data-testid="count">2</span>');
  });
});
