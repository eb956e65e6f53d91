/**
 * A local stand-in for the Gemini API's generateContent endpoint, so the AI services are tested
 * without the network. Same path, auth and shapes as Google's:
 *
 *   POST /v1beta/models/{model}:generateContent   (x-goog-api-key header or ?key=)
 *   → 200 { candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP" }], usageMetadata }
 *   → 400 { error: { code, message, status: "INVALID_ARGUMENT" } } for a wrong key
 *
 * Modes make it fail the ways the real one can, so each provider can fail in turn:
 * "error500", "hang" (never answers), "malformed" (a broken JSON body), "blocked" (promptFeedback
 * blockReason), "empty" (no candidates) and "prose" (text where JSON was asked for).
 *
 * The default answer: for a JSON (moderation) request, "rejected" when the text or an image
 * contains a word of FORBIDDEN_WORDS / the FORBIDDEN_IMAGE_MARKER bytes, "approved" otherwise;
 * for a text request, a short description. setReply() overrides it.
 *
 * In-process for integration tests, or as a program: FAKE_GEMINI_PORT=3304 npx tsx tests/support/fake-gemini.ts
 */
import http from "node:http";
import type { Socket } from "node:net";

export const FAKE_GEMINI_KEY = "fake-gemini-key-0123456789";
export const FORBIDDEN_WORDS = ["revólver", "revolver", "maconha"];
/** Put these bytes in a test image to make the fakes judge it forbidden. */
export const FORBIDDEN_IMAGE_MARKER = "FORBIDDEN-PIXELS";

export type FakeMode = "ok" | "error500" | "hang" | "malformed" | "blocked" | "empty" | "prose";

export type FakeGeminiRequest = {
  model: string;
  apiKey: string | null;
  wantsJson: boolean;
  systemInstruction: string;
  texts: string[];
  images: Array<{ mimeType: string; bytes: Buffer }>;
  body: unknown;
};

export type FakeGemini = {
  url: string;
  requests: FakeGeminiRequest[];
  setMode(mode: FakeMode): void;
  /** The mode set last ("ok" after reset). */
  readonly mode: FakeMode;
  /** Replace the default answer; return the text of the model's answer. */
  setReply(reply: ((request: FakeGeminiRequest) => string) | null): void;
  reset(): void;
  close(): Promise<void>;
};

type Part = { text?: string; inline_data?: { mime_type?: string; data?: string }; inlineData?: { mimeType?: string; data?: string } };

export function defaultGeminiReply(request: FakeGeminiRequest): string {
  if (!request.wantsJson) {
    return "Vendo em ótimo estado, revisado e pronto para uso. Valor a combinar. Chame no WhatsApp para mais informações.";
  }
  const text = request.texts.join("\n").toLowerCase();
  const badWord = FORBIDDEN_WORDS.find((word) => text.includes(word));
  const badImage = request.images.some((image) => image.bytes.includes(FORBIDDEN_IMAGE_MARKER));
  if (badWord || badImage) {
    return JSON.stringify({
      recommendation: "rejected",
      confidence: 0.93,
      issues: [badImage ? "Imagem com conteúdo proibido" : `Item proibido no anúncio: ${badWord}`],
      suggestion: "Remova o item proibido do anúncio.",
    });
  }
  return JSON.stringify({ recommendation: "approved", confidence: 0.88, issues: [], suggestion: "" });
}

export async function startFakeGemini({ port = 0, apiKey = FAKE_GEMINI_KEY }: { port?: number; apiKey?: string } = {}): Promise<FakeGemini> {
  let mode: FakeMode = "ok";
  let reply: ((request: FakeGeminiRequest) => string) | null = null;
  const requests: FakeGeminiRequest[] = [];
  const sockets = new Set<Socket>();

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json; charset=UTF-8" });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake-gemini");
    const route = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(url.pathname);
    if (req.method !== "POST" || !route) {
      return json(res, 404, { error: { code: 404, message: "Not found", status: "NOT_FOUND" } });
    }
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const key = (req.headers["x-goog-api-key"] as string | undefined) ?? url.searchParams.get("key");
      if (key !== apiKey) {
        return json(res, 400, {
          error: { code: 400, message: "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT" },
        });
      }
      let body: {
        contents?: Array<{ parts?: Part[] }>;
        systemInstruction?: { parts?: Part[] };
        generationConfig?: { responseMimeType?: string };
      };
      try {
        body = JSON.parse(raw);
      } catch {
        return json(res, 400, { error: { code: 400, message: "Invalid JSON payload received.", status: "INVALID_ARGUMENT" } });
      }
      const parts = (body.contents ?? []).flatMap((content) => content.parts ?? []);
      const request: FakeGeminiRequest = {
        model: decodeURIComponent(route[1]!),
        apiKey: key,
        wantsJson: body.generationConfig?.responseMimeType === "application/json",
        systemInstruction: (body.systemInstruction?.parts ?? []).map((part) => part.text ?? "").join("\n"),
        texts: parts.filter((part) => typeof part.text === "string").map((part) => part.text as string),
        images: parts
          .map((part) => part.inline_data ?? (part.inlineData ? { mime_type: part.inlineData.mimeType, data: part.inlineData.data } : null))
          .filter((data): data is { mime_type?: string; data?: string } => Boolean(data))
          .map((data) => ({ mimeType: data.mime_type ?? "", bytes: Buffer.from(data.data ?? "", "base64") })),
        body,
      };
      requests.push(request);

      switch (mode) {
        case "hang":
          return; // the client's timeout is the only way out
        case "error500":
          return json(res, 500, { error: { code: 500, message: "An internal error has occurred.", status: "INTERNAL" } });
        case "malformed":
          res.writeHead(200, { "Content-Type": "application/json; charset=UTF-8" });
          return res.end('{"candidates": [{"content": {"parts": [{"text": "Vendo');
        case "blocked":
          return json(res, 200, {
            promptFeedback: { blockReason: "SAFETY", safetyRatings: [{ category: "HARM_CATEGORY_DANGEROUS_CONTENT", probability: "HIGH" }] },
            usageMetadata: { promptTokenCount: 42, totalTokenCount: 42 },
          });
        case "empty":
          return json(res, 200, { candidates: [], usageMetadata: { promptTokenCount: 42, totalTokenCount: 42 } });
        default: {
          const text = mode === "prose" ? "Claro! Analisei o anúncio e está tudo certo." : (reply ?? defaultGeminiReply)(request);
          return json(res, 200, {
            candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }],
            usageMetadata: { promptTokenCount: 120, candidatesTokenCount: 60, totalTokenCount: 180 },
            modelVersion: request.model,
            responseId: `fake-${requests.length}`,
          });
        }
      }
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`,
    requests,
    get mode() {
      return mode;
    },
    setMode: (next) => {
      mode = next;
    },
    setReply: (next) => {
      reply = next;
    },
    reset: () => {
      mode = "ok";
      reply = null;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy(); // hung requests included
        server.close(() => resolve());
      }),
  };
}

// Run as a program (a Playwright webServer): listen on FAKE_GEMINI_PORT until killed.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "\0")) {
  const fake = await startFakeGemini({ port: Number(process.env.FAKE_GEMINI_PORT ?? 3398) });
  console.log(`fake Gemini on ${fake.url}`);
}
