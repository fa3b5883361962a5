import './icon.css';

/**
 * The kit's drawn icons (24×24, `currentColor`). Emoji are never used as icons: a font without
 * them (Debian's Chromium) draws an empty box.
 */
const PATHS = {
  books:
    'M4 3h4a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm1 2v14h2V5H5zm6-2h3a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1h-3a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm1 2v14h1V5h-1zm5.3-.2 2.9-.8a1 1 0 0 1 1.2.7l3.6 13.5a1 1 0 0 1-.7 1.2l-2.9.8a1 1 0 0 1-1.2-.7L16.6 6a1 1 0 0 1 .7-1.2zm1.4 1.9 3.1 11.6 1-.3-3.1-11.6-1 .3z',
  folder:
    'M3 5a2 2 0 0 1 2-2h4.6l2 2H19a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5zm2 0v13h14V7h-8.2l-2-2H5z',
  user: 'M12 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm0 10c4.4 0 8 2.2 8 5v3H4v-3c0-2.8 3.6-5 8-5zm0 2c-3.4 0-6 1.6-6 3v1h12v-1c0-1.4-2.6-3-6-3z',
  pen: 'M16.9 2.3a2 2 0 0 1 2.8 0l2 2a2 2 0 0 1 0 2.8L9.5 19.3 4 21l1.7-5.5L16.9 2.3zm1.4 1.4-1.6 1.6 2 2 1.6-1.6-2-2zM15.3 6.7 7.4 14.6l2 2 7.9-7.9-2-2zM6.6 16.3l-.7 2 2-.7-1.3-1.3z',
  heart:
    'M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4 7 4c2.1 0 3.6 1.1 5 2.9C13.4 5.1 14.9 4 17 4c4 0 6.1 4.3 4.6 7.7C19.5 16.4 12 21 12 21zm0-2.4c2.4-1.6 6.5-4.7 7.8-7.7.9-2.1-.3-4.9-2.8-4.9-1.6 0-2.7 1-4.2 3.1L12 10l-.8-.9C9.7 7 8.6 6 7 6 4.5 6 3.3 8.8 4.2 10.9c1.3 3 5.4 6.1 7.8 7.7z',
  package:
    'M12 2 21 6.5v11L12 22l-9-4.5v-11L12 2zm0 2.2L6.2 7.1 12 10l5.8-2.9L12 4.2zM5 8.7v7.6l6 3V11.7L5 8.7zm14 0-6 3v7.6l6-3V8.7z',
  cart: 'M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM3 2h2.2l.9 2H21l-3.4 8.1a2 2 0 0 1-1.8 1.2H8.1l-.9 1.7h11.8v2H4l2.3-4.3L3.8 4H3V2z',
  warning: 'M12 2.5 23 21H1L12 2.5zm0 3.9L4.5 19h15L12 6.4zM11 10h2v5h-2v-5zm0 6h2v2h-2v-2z',
  close:
    'M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5z',
  check: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2z',
  search:
    'M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z',
  star: 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9L12 2.5z',
  /** Directional: in right-to-left reading, 'next' points left and 'previous' right. */
  chevronLeft: 'M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12l6.6-6.6z',
  chevronRight: 'M8.6 5.4 10 4l8 8-8 8-1.4-1.4 6.6-6.6-6.6-6.6z',
  external:
    'M14 3h7v7h-2V6.4l-8.3 8.3-1.4-1.4L17.6 5H14V3zM5 5h6v2H5v12h12v-6h2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z',
} as const;

export type IconName = keyof typeof PATHS;
export const ICON_NAMES = Object.keys(PATHS) as IconName[];

export interface IconProps {
  name: IconName;
  /** A label makes the icon an image for screen readers; without one it is decorative. */
  label?: string;
  className?: string;
}

/** One of the kit's icons, decorative unless labelled. */
export function Icon({ name, label, className }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`mb-icon-svg${className ? ` ${className}` : ''}`}
      focusable="false"
      data-icon={name}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
