import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ScreenWatcher } from '../../testing/screen-watcher';
import { BookCarousel } from './carousel';

/** What the carousel handed Swiper, and the instance it got back. */
const swiper = {
  props: {} as Record<string, unknown>,
  instance: {
    slideTo: jest.fn(),
    slideToLoop: jest.fn(),
    slideNext: jest.fn(),
    slidePrev: jest.fn(),
  },
};

// Swiper needs a real layout; the wiring between the dots and Swiper is what is tested here.
jest.mock('./swiper-kit', () => {
  const { useEffect } = jest.requireActual<typeof import('react')>('react');
  function Swiper(props: { children: ReactNode; onSwiper: (s: unknown) => void }) {
    swiper.props = props;
    useEffect(() => props.onSwiper(swiper.instance), []); // eslint-disable-line react-hooks/exhaustive-deps
    return <div className="swiper swiper-initialized">{props.children}</div>;
  }
  return {
    Swiper,
    SwiperSlide: ({ children }: { children: ReactNode }) => (
      <div className="swiper-slide">{children}</div>
    ),
    A11y: 'A11y',
    Keyboard: 'Keyboard',
    Autoplay: 'Autoplay',
  };
});

const titles = (n: number) => Array.from({ length: n }, (_, i) => `ספר ${i + 1}`);

async function renderCarousel(count: number, autoplayDelay?: number) {
  Object.values(swiper.instance).forEach((fn) => fn.mockClear());
  render(
    <BookCarousel
      items={titles(count)}
      getKey={(t) => t}
      renderItem={(t) => <p>{t}</p>}
      label="קרוסלה לבדיקה"
      autoplayDelay={autoplayDelay}
    />,
  );
  await waitFor(() => expect(document.querySelector('.swiper-initialized')).not.toBeNull());
  // Let the carousel take the instance Swiper handed it: the prev button reaches it.
  await waitFor(() => {
    fireEvent.click(screen.getByRole('button', { name: 'הקודם' }));
    expect(swiper.instance.slidePrev).toHaveBeenCalled();
  });
}

const dot = (i: number) => screen.getByRole('button', { name: `מעבר לקבוצה ${i} מתוך 5` });

describe('carousel dots', () => {
  it('dot i goes to slide floor(i/5 × n) of a looped carousel and lights up', async () => {
    await renderCarousel(12);
    expect(swiper.props.loop).toBe(true);
    fireEvent.click(dot(3));
    expect(swiper.instance.slideToLoop).toHaveBeenLastCalledWith(4);
    expect(dot(3).getAttribute('aria-current')).toBe('true');
    fireEvent.click(dot(5));
    expect(swiper.instance.slideToLoop).toHaveBeenLastCalledWith(9);
    fireEvent.click(dot(1));
    expect(swiper.instance.slideToLoop).toHaveBeenLastCalledWith(0);
  });

  it('follows the slide Swiper reports (autoplay, swipes) with the right dot', async () => {
    await renderCarousel(12);
    const onRealIndexChange = swiper.props.onRealIndexChange as (s: { realIndex: number }) => void;
    act(() => onRealIndexChange({ realIndex: 7 }));
    expect(dot(4).getAttribute('aria-current')).toBe('true');
    act(() => onRealIndexChange({ realIndex: 11 }));
    expect(dot(5).getAttribute('aria-current')).toBe('true');
  });

  it('a carousel with no more slides than the widest view rewinds instead of looping', async () => {
    await renderCarousel(4);
    expect(swiper.props.loop).toBe(false);
    expect(swiper.props.rewind).toBe(true);
    fireEvent.click(dot(3));
    expect(swiper.instance.slideTo).toHaveBeenLastCalledWith(1);
    expect(swiper.instance.slideToLoop).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'הבא' }));
    expect(swiper.instance.slideNext).toHaveBeenCalled();
  });
});

describe('carousel autoplay', () => {
  /** jsdom has no matchMedia: answer `reduce` as asked, `no-preference` otherwise. */
  function prefersReducedMotion(reduce: boolean) {
    window.matchMedia = ((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  }
  afterEach(() => {
    delete (window as Partial<Window>).matchMedia;
  });

  it('moves on its own at the delay asked for', async () => {
    prefersReducedMotion(false);
    await renderCarousel(12, 5000);
    expect(swiper.props.autoplay).toMatchObject({ delay: 5000 });
    expect(swiper.props.modules).toContain('Autoplay');
  });

  it('stays still for a reader who prefers reduced motion', async () => {
    prefersReducedMotion(true);
    await renderCarousel(12, 5000);
    expect(swiper.props.autoplay).toBe(false);
    expect(swiper.props.modules).not.toContain('Autoplay');
  });
});

describe('carousel set-up', () => {
  afterEach(() => ScreenWatcher.uninstall());

  it('keeps its presized row until a quarter of it is on screen, then hands the slides to Swiper', async () => {
    ScreenWatcher.install();
    render(
      <BookCarousel
        items={titles(8)}
        getKey={(t) => t}
        renderItem={(t) => <p>{t}</p>}
        label="קרוסלה לבדיקה"
      />,
    );
    const carousel = screen.getByRole('region', { name: 'קרוסלה לבדיקה' });
    expect(ScreenWatcher.last().watched).toEqual([carousel]);
    // Swiper's code arrives meanwhile (asked for when idle); the slides stay in the row.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(carousel.querySelector('.swiper-initialized')).toBeNull();
    expect(carousel.querySelectorAll('.swiper-slide')).toHaveLength(8);
    ScreenWatcher.last().show(0.1);
    expect(carousel.querySelector('.swiper-initialized')).toBeNull();
    ScreenWatcher.last().show(0.5);
    await waitFor(() => expect(carousel.querySelector('.swiper-initialized')).not.toBeNull());
    expect(screen.getByText('ספר 1')).toBeTruthy();
  });
});
