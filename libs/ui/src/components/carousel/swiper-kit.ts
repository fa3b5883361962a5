// The parts of Swiper the carousels use, in one module so the build keeps only these modules;
// carousel.tsx loads it after the first render.
export { Swiper, SwiperSlide } from 'swiper/react';
export { A11y, Autoplay, Keyboard } from 'swiper/modules';
