import { describe, expect, it } from "vitest";
import { isBlockedAddress } from "./address-policy";

describe("addresses the server will not fetch for staff", () => {
  it("refuses loopback, private, link-local, CGNAT, multicast, unspecified and reserved IPv4", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.255.254",
      "0.0.0.0",
      "10.0.0.1",
      "10.255.255.255",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.127.255.255",
      "192.0.0.170",
      "198.18.0.1",
      "224.0.0.1",
      "239.255.255.250",
      "255.255.255.255",
      "240.0.0.1",
    ])
      expect(isBlockedAddress(address), address).toBe(true);
  });

  it("refuses loopback, unique-local, link-local, multicast and IPv4-in-IPv6 forms of those", () => {
    for (const address of [
      "::1",
      "::",
      "fc00::1",
      "fd12:3456:789a::1",
      "fe80::1",
      "fe80::1%eth0",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::ffff:169.254.169.254",
      "::127.0.0.1",
      "64:ff9b::10.0.0.1",
      "2002:7f00:1::",
      "2001:db8::1",
    ])
      expect(isBlockedAddress(address), address).toBe(true);
  });

  it("lets public addresses through", () => {
    for (const address of [
      "93.184.215.14",
      "8.8.8.8",
      "172.32.0.1",
      "100.128.0.1",
      "192.169.0.1",
      "2606:4700:4700::1111",
      "::ffff:8.8.8.8",
      "64:ff9b::808:808",
    ])
      expect(isBlockedAddress(address), address).toBe(false);
  });

  it("treats what is not an IP address as refused", () => {
    expect(isBlockedAddress("localhost")).toBe(true);
    expect(isBlockedAddress("")).toBe(true);
  });
});
