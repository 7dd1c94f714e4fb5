// Tailwind 4 reads its theme from CSS (src/web/styles.css, via @config). The agency's colours are
// CSS variables set at run time, so every theme token points at a variable with a safe default.
export default {
  content: ['./index.html', './src/web/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: 'var(--brand)',
        'brand-contrast': 'var(--brand-contrast)',
        'brand-strong': 'var(--brand-strong)',
        accent: 'var(--accent)',
      },
      fontFamily: { sans: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'] },
    },
  },
};
