/**
 * A local stand-in for the two OpenAI endpoints the app uses, with the real paths and shapes
 * (point the `openai` package's baseURL at `${url}/v1`):
 *
 *   POST /v1/chat/completions  (Authorization: Bearer …) → { object: "chat.completion", choices: [{ message: { content } }] }
 *   POST /v1/moderations       → { id, model, results: [{ flagged, categories, category_scores, category_applied_input_types }] }
 *   401 { error: { message, type: "invalid_request_error", code: "invalid_api_key" } } for a wrong key
 *
 * Modes: "error500", "hang" (never answers), "malformed" (a broken JSON body), "empty" (no
 * choices / no results). The default moderation flags text containing a word of FORBIDDEN_WORDS
 * and images (data: URLs) containing FORBIDDEN_IMAGE_MARKER as "illicit/violent".
 *
 * In-process for integration tests, or as a program: FAKE_OPENAI_PORT=3305 npx tsx tests/support/fake-openai.ts
 */
import http from "node:http";
import type { Socket } from "node:net";
import { FORBIDDEN_IMAGE_MARKER, FORBIDDEN_WORDS, type FakeMode } from "./fake-gemini";

export const FAKE_OPENAI_KEY = "sk-fake-openai-key-0123456789";

const CATEGORIES = [
  "harassment",
  "harassment/threatening",
  "hate",
  "hate/threatening",
  "illicit",
  "illicit/violent",
  "self-harm",
  "self-harm/intent",
  "self-harm/instructions",
  "sexual",
  "sexual/minors",
  "violence",
  "violence/graphic",
] as const;

type ModerationInput = string | { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };

export type FakeOpenAiRequest = { path: string; apiKey: string | null; body: Record<string, unknown> };

export type FakeOpenAi = {
  /** Give the `openai` package `${url}/v1`. */
  url: string;
  baseURL: string;
  requests: FakeOpenAiRequest[];
  setMode(mode: Exclude<FakeMode, "blocked" | "prose">): void;
  /** The mode set last ("ok" after reset). */
  readonly mode: FakeMode;
  /** The assistant's answer to chat completions. */
  setChatReply(text: string): void;
  /** Categories to flag on every moderation input (null: back to the keyword judge). */
  setFlagged(categories: string[] | null): void;
  reset(): void;
  close(): Promise<void>;
};

function judge(input: ModerationInput): string[] {
  if (typeof input === "string" || input.type === "text") {
    const text = (typeof input === "string" ? input : input.text).toLowerCase();
    return FORBIDDEN_WORDS.some((word) => text.includes(word)) ? ["illicit", "illicit/violent"] : [];
  }
  const url = input.image_url.url;
  const bytes = url.startsWith("data:") ? Buffer.from(url.slice(url.indexOf(",") + 1), "base64") : Buffer.from(url);
  return bytes.includes(FORBIDDEN_IMAGE_MARKER) ? ["violence/graphic"] : [];
}

function moderationResult(input: ModerationInput, forced: string[] | null) {
  const flaggedCategories = forced ?? judge(input);
  const isImage = typeof input !== "string" && input.type === "image_url";
  return {
    flagged: flaggedCategories.length > 0,
    categories: Object.fromEntries(CATEGORIES.map((name) => [name, flaggedCategories.includes(name)])),
    category_scores: Object.fromEntries(CATEGORIES.map((name) => [name, flaggedCategories.includes(name) ? 0.91 : 0.0012])),
    category_applied_input_types: Object.fromEntries(CATEGORIES.map((name) => [name, isImage ? ["image"] : ["text"]])),
  };
}

export async function startFakeOpenAi({ port = 0, apiKey = FAKE_OPENAI_KEY }: { port?: number; apiKey?: string } = {}): Promise<FakeOpenAi> {
  let mode: FakeMode = "ok";
  let chatReply = "Vendo em ótimo estado, com manual e nota fiscal. Valor a combinar. Interessados, chamem no WhatsApp.";
  let flagged: string[] | null = null;
  const requests: FakeOpenAiRequest[] = [];
  const sockets = new Set<Socket>();

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://fake-openai").pathname;
    if (req.method !== "POST" || (path !== "/v1/chat/completions" && path !== "/v1/moderations")) {
      return json(res, 404, { error: { message: `Invalid URL (${req.method} ${path})`, type: "invalid_request_error", param: null, code: null } });
    }
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const key = req.headers.authorization?.replace(/^Bearer\s+/i, "") ?? null;
      if (key !== apiKey) {
        return json(res, 401, {
          error: { message: "Incorrect API key provided.", type: "invalid_request_error", param: null, code: "invalid_api_key" },
        });
      }
      const body = JSON.parse(raw || "{}") as Record<string, unknown>;
      requests.push({ path, apiKey: key, body });

      if (mode === "hang") return;
      if (mode === "error500") {
        return json(res, 500, { error: { message: "The server had an error while processing your request.", type: "server_error", param: null, code: null } });
      }
      if (mode === "malformed") {
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end('{"id": "chatcmpl-broken", "choices": [');
      }
      const id = `fake-${requests.length}`;
      if (path === "/v1/chat/completions") {
        return json(res, 200, {
          id: `chatcmpl-${id}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices:
            mode === "empty"
              ? []
              : [{ index: 0, message: { role: "assistant", content: chatReply, refusal: null, annotations: [] }, logprobs: null, finish_reason: "stop" }],
          usage: { prompt_tokens: 150, completion_tokens: 60, total_tokens: 210 },
          service_tier: "default",
        });
      }
      const inputs = Array.isArray(body.input) ? (body.input as ModerationInput[]) : [body.input as ModerationInput];
      return json(res, 200, {
        id: `modr-${id}`,
        model: "omni-moderation-2024-09-26",
        results: mode === "empty" ? [] : inputs.map((input) => moderationResult(input, flagged)),
      });
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  return {
    url,
    baseURL: `${url}/v1`,
    requests,
    get mode() {
      return mode;
    },
    setMode: (next) => {
      mode = next;
    },
    setChatReply: (text) => {
      chatReply = text;
    },
    setFlagged: (categories) => {
      flagged = categories;
    },
    reset: () => {
      mode = "ok";
      flagged = null;
      chatReply = "Vendo em ótimo estado, com manual e nota fiscal. Valor a combinar. Interessados, chamem no WhatsApp.";
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// Run as a program (a Playwright webServer): listen on FAKE_OPENAI_PORT until killed.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "\0")) {
  const fake = await startFakeOpenAi({ port: Number(process.env.FAKE_OPENAI_PORT ?? 3397) });
  console.log(`fake OpenAI on ${fake.url}`);
}
