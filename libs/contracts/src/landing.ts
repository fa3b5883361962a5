/**
 * Where the shell's prerendered frame (shell/dist/landing-frame.html) leaves room for the
 * storefront's server-drawn landing markup; services/edge puts the markup there.
 */
export const LANDING_SLOT = '<!--mb-landing-->';
