import { describe, expect, it } from "vitest";
import { networkOf } from "~/lib/ip";

describe("networkOf", () => {
  it("keeps an IPv4 address, also when a dual-stack socket writes it as IPv6", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.7");
    expect(networkOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(networkOf("::FFFF:cb00:7107")).toBe("203.0.113.7");
  });

  it("keys an IPv6 address by its /64, however it is written", () => {
    const network = "2001:db8:1:2::/64";
    for (const address of ["2001:db8:1:2::1", "2001:0DB8:0001:0002:ffff:eeee:dddd:cccc", "2001:db8:1:2:0:0:0:0", "2001:db8:1:2::1%eth0"]) {
      expect(networkOf(address)).toBe(network);
    }
    expect(networkOf("2001:db8:1:3::1")).not.toBe(network);
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
  });

  it("gives anything else back as written (trimmed, lower case)", () => {
    expect(networkOf(" Desconhecido ")).toBe("desconhecido");
    expect(networkOf("1:2:3")).toBe("1:2:3");
  });
});
