import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        // Deep blue reads as "trustworthy" for a site that takes money; amber is the call to action.
        brand: {
          50: "#eff6ff",
          100: "#dbeafe",
          200: "#bfdbfe",
          300: "#93c5fd",
          400: "#60a5fa",
          500: "#3b82f6",
          600: "#2563eb",
          700: "#1d4ed8",
          800: "#1e40af",
          900: "#1e3a8a",
          950: "#172554",
        },
        accent: {
          300: "#fcd34d",
          400: "#fbbf24",
          500: "#f59e0b",
          600: "#d97706",
        },
        whatsapp: { 600: "#16a34a", 700: "#15803d" },
      },
      // The toast's fade-out without JavaScript (app/components/Toast.tsx): 5 s, 8 s for errors.
      keyframes: {
        "toast-out": { to: { opacity: "0", visibility: "hidden" } },
      },
      animation: {
        "toast-out-5s": "toast-out 300ms ease-in 5s forwards",
        "toast-out-8s": "toast-out 300ms ease-in 8s forwards",
      },
      fontFamily: {
        sans: [
          "system-ui",
          "-apple-system",
          "Segoe UI",
          "Roboto",
          "Helvetica Neue",
          "Arial",
          "sans-serif",
        ],
      },
    },
  },
  plugins: [],
} satisfies Config;
