import type { IconName } from '../icon/icon';
import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import type { Swiper as SwiperInstance, SwiperModule } from 'swiper/types';
import 'swiper/swiper.css';
import { uiStrings } from '../../strings.he';
import { EmptyState } from '../empty-state/empty-state';
import { useMediaQuery } from '../../hooks/use-media-query';
import { useOnScreen } from '../../hooks/use-on-screen';
import {
  AUTHOR_BREAKPOINTS,
  BOOK_BREAKPOINTS,
  CAROUSEL_DOTS,
  capBreakpoints,
  dotToSlide,
  maxSlidesPerView,
  slideToDot,
} from './carousel-pagination';
import './carousel.css';

type Breakpoints = Record<number, { slidesPerView: number; spaceBetween: number }>;

type SwiperKit = typeof import('./swiper-kit');

let swiperKit: SwiperKit | null = null;
let swiperKitLoad: Promise<SwiperKit> | null = null;

/**
 * Swiper arrives after the first render (it is not needed to paint the page): until then the
 * slides sit in the same presized row Swiper will manage, so its arrival moves nothing.
 */
function loadSwiperKit(): Promise<SwiperKit> {
  swiperKitLoad ??= import('./swiper-kit').then((kit) => (swiperKit = kit));
  return swiperKitLoad;
}

/**
 * Swiper once its code has arrived and `wanted` (a quarter of the carousel has been on screen, or
 * the reader reached into it). Its code is fetched when the browser is idle either way, but
 * setting Swiper up draws the slides again and measures them: on a phone (Lighthouse's 4× slower
 * CPU) the book page's one carousel took a 110 ms task and home's two 210–290 ms, in one commit
 * in the page's first seconds. So a carousel keeps its presized row, which looks the same, until
 * the reader is at it, and each one is set up in a task of its own.
 */
function useSwiperKit(wanted: boolean): SwiperKit | null {
  const [kit, setKit] = useState(swiperKit);
  useEffect(() => {
    if (kit) return;
    let live = true;
    // Asked for when the browser is idle, so it never competes with the first paint.
    const start = () => void loadSwiperKit().then((loaded) => live && setKit(loaded));
    const idle = typeof window !== 'undefined' ? window.requestIdleCallback : undefined;
    const handle = idle ? idle(start, { timeout: 1500 }) : setTimeout(start, 200);
    return () => {
      live = false;
      if (idle) window.cancelIdleCallback(handle as number);
      else clearTimeout(handle as ReturnType<typeof setTimeout>);
    };
  }, [kit]);
  return wanted ? kit : null;
}

export interface CarouselProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Accessible name of the carousel region. */
  label: string;
  breakpoints: Breakpoints;
  /** Autoplay delay in ms; none when omitted, or when the reader prefers reduced motion. */
  autoplayDelay?: number;
  /** Show the custom five-dot pagination. */
  dots?: boolean;
  emptyText: string;
  emptyIcon: IconName;
  className?: string;
}

/** CSS custom properties that give slides their final width before Swiper measures (no shift). */
function presizeStyle(breakpoints: Breakpoints): CSSProperties {
  const style: Record<string, string | number> = {};
  for (const [w, bp] of Object.entries(breakpoints)) {
    style[`--mb-spv-${w}`] = bp.slidesPerView;
    style[`--mb-gap-${w}`] = `${bp.spaceBetween}px`;
  }
  return style;
}

function Chevron({ direction }: { direction: 'prev' | 'next' }) {
  // Drawn for right-to-left reading: 'previous' points right, 'next' points left; mirrored in LTR.
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={`mb-icon mb-chevron mb-chevron--${direction}`}
    >
      <path
        d={
          direction === 'prev'
            ? 'M9 5l7 7-7 7-1.4-1.4L13.2 12 7.6 6.4z'
            : 'M15 5l-7 7 7 7 1.4-1.4L10.8 12l5.6-5.6z'
        }
      />
    </svg>
  );
}

/**
 * Swiper (once it has arrived) and how the slides move: looping or rewinding, and moving on their
 * own only when asked to and the reader does not prefer reduced motion.
 */
function useCarouselMotion(
  count: number,
  breakpoints: Breakpoints,
  requestedAutoplayDelay: number | undefined,
  onScreen: boolean,
) {
  const kit = useSwiperKit(onScreen);
  // Swiper's loop mode needs more slides than the widest view shows (it clones and re-orders
  // slides around the view; with too few it warns and misbehaves — duplicated or stuck slides).
  // So a carousel loops only with more slides than its largest slidesPerView; a smaller one
  // rewinds instead: 'next' on the last slide (and autoplay) goes back to the first, 'previous'
  // on the first goes to the last, and the dots address slides by their plain index.
  const loop = count > maxSlidesPerView(breakpoints);
  // A reader who asks for less motion gets no slides moving on their own (WCAG 2.2.2). It also
  // spares their device a frame every 16 ms: Swiper's autoplay counts its time left in a
  // requestAnimationFrame loop that keeps the page painting while it runs.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const autoplayDelay = reducedMotion ? undefined : requestedAutoplayDelay;
  const modules = useMemo(
    () =>
      kit
        ? autoplayDelay
          ? [kit.A11y, kit.Keyboard, kit.Autoplay]
          : [kit.A11y, kit.Keyboard]
        : [],
    [kit, autoplayDelay],
  );
  return { kit, loop, autoplayDelay, modules };
}

type SlidesProps<T> = Pick<CarouselProps<T>, 'items' | 'getKey' | 'renderItem'>;

type SwiperSlidesProps<T> = SlidesProps<T> & {
  kit: SwiperKit;
  modules: SwiperModule[];
  breakpoints: Breakpoints;
  loop: boolean;
  autoplayDelay: number | undefined;
  onSwiper: (swiper: SwiperInstance) => void;
  /** The dot of the slide Swiper now shows first (autoplay, a swipe, the arrows). */
  onActiveDot: (dot: number) => void;
};

/** The slides in Swiper, right to left, with its keyboard and screen-reader support. */
function SwiperSlides<T>({
  kit,
  modules,
  breakpoints,
  loop,
  autoplayDelay,
  onSwiper,
  onActiveDot,
  items,
  getKey,
  renderItem,
}: SwiperSlidesProps<T>) {
  return (
    <kit.Swiper
      dir="rtl"
      modules={modules}
      loop={loop}
      rewind={!loop}
      speed={600}
      slidesPerView={breakpoints[320]?.slidesPerView ?? 1}
      spaceBetween={breakpoints[320]?.spaceBetween ?? 8}
      breakpoints={breakpoints}
      keyboard={{ enabled: true, onlyInViewport: true }}
      a11y={{
        enabled: true,
        prevSlideMessage: uiStrings.carouselPrev,
        nextSlideMessage: uiStrings.carouselNext,
      }}
      autoplay={
        autoplayDelay
          ? { delay: autoplayDelay, disableOnInteraction: false, pauseOnMouseEnter: true }
          : false
      }
      onSwiper={onSwiper}
      onRealIndexChange={(s) => onActiveDot(slideToDot(s.realIndex, items.length))}
    >
      {items.map((item, i) => (
        <kit.SwiperSlide key={getKey(item)}>{renderItem(item, i)}</kit.SwiperSlide>
      ))}
    </kit.Swiper>
  );
}

/** Until Swiper arrives: the slides in the same presized row Swiper will manage. */
function PresizedSlides<T>({ items, getKey, renderItem }: SlidesProps<T>) {
  return (
    <div className="swiper" dir="rtl">
      <div className="swiper-wrapper">
        {items.map((item, i) => (
          <div className="swiper-slide" key={getKey(item)}>
            {renderItem(item, i)}
          </div>
        ))}
      </div>
    </div>
  );
}

type CarouselNavProps = {
  direction: 'prev' | 'next';
  onClick: () => void;
};

/** The previous or next arrow beside the slides. */
function CarouselNav({ direction, onClick }: CarouselNavProps) {
  return (
    <button
      type="button"
      className={`mb-carousel__nav mb-carousel__nav--${direction}`}
      aria-label={direction === 'prev' ? uiStrings.carouselPrev : uiStrings.carouselNext}
      onClick={onClick}
    >
      <Chevron direction={direction} />
    </button>
  );
}

type CarouselDotsProps = {
  activeDot: number;
  onDot: (dot: number) => void;
};

/** The custom five-dot pagination; the dot of the slides in view is lit. */
function CarouselDots({ activeDot, onDot }: CarouselDotsProps) {
  return (
    <div className="mb-carousel__dots">
      {Array.from({ length: CAROUSEL_DOTS }, (_, i) => (
        <button
          key={i}
          type="button"
          className={`mb-carousel__dot${i === activeDot ? ' mb-carousel__dot--active' : ''}`}
          aria-label={uiStrings.carouselDot(i + 1)}
          aria-current={i === activeDot ? 'true' : undefined}
          onClick={() => onDot(i)}
        />
      ))}
    </div>
  );
}

/** A right-to-left Swiper carousel with responsive slides per view, loop, optional autoplay and dots. */
export function Carousel<T>({
  items,
  getKey,
  renderItem,
  label,
  breakpoints,
  autoplayDelay: requestedAutoplayDelay,
  dots = false,
  emptyText,
  emptyIcon,
  className,
}: CarouselProps<T>) {
  const count = items.length;
  const [sectionRef, onScreen] = useOnScreen<HTMLElement>();
  const { kit, loop, autoplayDelay, modules } = useCarouselMotion(
    count,
    breakpoints,
    requestedAutoplayDelay,
    onScreen,
  );
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [activeDot, setActiveDot] = useState(0);

  const goToDot = useCallback(
    (dot: number) => {
      if (!swiper) return;
      const target = dotToSlide(dot, count);
      if (loop) swiper.slideToLoop(target);
      else swiper.slideTo(target);
      setActiveDot(dot);
    },
    [swiper, count, loop],
  );

  if (count === 0) {
    return <EmptyState icon={emptyIcon} title={emptyText} />;
  }

  return (
    <section
      ref={sectionRef}
      className={`mb-carousel${className ? ` ${className}` : ''}`}
      aria-label={label}
      style={presizeStyle(breakpoints)}
    >
      <div className="mb-carousel__viewport">
        <CarouselNav direction="prev" onClick={() => swiper?.slidePrev()} />
        {kit ? (
          <SwiperSlides
            kit={kit}
            modules={modules}
            breakpoints={breakpoints}
            loop={loop}
            autoplayDelay={autoplayDelay}
            onSwiper={setSwiper}
            onActiveDot={setActiveDot}
            items={items}
            getKey={getKey}
            renderItem={renderItem}
          />
        ) : (
          <PresizedSlides items={items} getKey={getKey} renderItem={renderItem} />
        )}
        <CarouselNav direction="next" onClick={() => swiper?.slideNext()} />
      </div>
      {dots && count > 1 && <CarouselDots activeDot={activeDot} onDot={goToDot} />}
    </section>
  );
}

export interface BookCarouselProps<T> extends Omit<
  CarouselProps<T>,
  'breakpoints' | 'emptyText' | 'emptyIcon' | 'dots'
> {
  /** At most this many slides per view (the related-books carousel shows up to 4). */
  maxPerView?: number;
  emptyText?: string;
}

/** Books in a loop with the custom five-dot pagination; breakpoints 320:2 … 1400:6. */
export function BookCarousel<T>({
  maxPerView,
  emptyText = uiStrings.noBooks,
  ...rest
}: BookCarouselProps<T>) {
  const breakpoints = maxPerView ? capBreakpoints(BOOK_BREAKPOINTS, maxPerView) : BOOK_BREAKPOINTS;
  return (
    <Carousel
      {...rest}
      breakpoints={breakpoints}
      dots
      emptyText={emptyText}
      emptyIcon="books"
      className="mb-carousel--books"
    />
  );
}

export type AuthorCarouselProps<T> = Omit<
  CarouselProps<T>,
  'breakpoints' | 'emptyText' | 'emptyIcon' | 'autoplayDelay'
> & {
  emptyText?: string;
};

/** Authors in a loop with autoplay every 4 s; breakpoints 320:1 … 1200:5. */
export function AuthorCarousel<T>({
  emptyText = uiStrings.noAuthors,
  ...rest
}: AuthorCarouselProps<T>) {
  return (
    <Carousel
      {...rest}
      breakpoints={AUTHOR_BREAKPOINTS}
      autoplayDelay={4000}
      emptyText={emptyText}
      emptyIcon="pen"
      className="mb-carousel--authors"
    />
  );
}
