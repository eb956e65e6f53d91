/** For gateway tests: the GatewayError a call rejects with (the test fails if it resolves or throws anything else). */
import { expect } from "vitest";
import { GatewayError } from "~/services/payments/gateway";

export async function expectGatewayError(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}
