// What features share lives here, where any feature may import it.
export const joinTitle = (parts: string[]) => parts.join(' · ');
