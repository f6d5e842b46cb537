// Where `bocage-play serve` listens by default: an address of this machine
// on its local network (a home Wi-Fi's 192.168.x.x, 10.x.x.x, 172.16-31.x.x,
// an IPv6 unique local fd00::/8 address), never the loopback (no phone
// reaches 127.0.0.1) and never a public address (the whole Internet would).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace bocage {

/// How much a phone on the home network is likely to reach `address` (a
/// numeric IPv4 or IPv6 address): 0 for 192.168.0.0/16, 1 for 10.0.0.0/8,
/// 2 for 172.16.0.0/12, 3 for an IPv6 unique local address (fc00::/7);
/// nullopt for any other (loopback, link-local, public, not an address).
std::optional<int> local_network_rank(const std::string& address);

/// This machine's local-network addresses (local_network_rank()), best first.
std::vector<std::string> local_network_addresses();

/// `address` as a URL's host: an IPv6 address in brackets ("[fd00::2]").
std::string url_host(const std::string& address);

}  // namespace bocage
