#include "local_address.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>

#include <algorithm>

namespace bocage {

std::optional<int> local_network_rank(const std::string& address) {
  in_addr v4{};
  if (inet_pton(AF_INET, address.c_str(), &v4) == 1) {
    const uint32_t a = ntohl(v4.s_addr);
    if ((a >> 16) == 0xC0A8) return 0;         // 192.168.0.0/16
    if ((a >> 24) == 10) return 1;             // 10.0.0.0/8
    if ((a >> 20) == (0xAC10 >> 4)) return 2;  // 172.16.0.0/12
    return std::nullopt;
  }
  in6_addr v6{};
  if (inet_pton(AF_INET6, address.c_str(), &v6) == 1) {
    if ((v6.s6_addr[0] & 0xFE) == 0xFC) return 3;  // fc00::/7, unique local
    return std::nullopt;
  }
  return std::nullopt;
}

std::vector<std::string> local_network_addresses() {
  std::vector<std::pair<int, std::string>> found;
  ifaddrs* all = nullptr;
  if (getifaddrs(&all) != 0) return {};
  for (ifaddrs* a = all; a; a = a->ifa_next) {
    if (!a->ifa_addr) continue;
    char text[INET6_ADDRSTRLEN] = {};
    if (a->ifa_addr->sa_family == AF_INET) {
      const auto* in = reinterpret_cast<const sockaddr_in*>(a->ifa_addr);
      if (!inet_ntop(AF_INET, &in->sin_addr, text, sizeof text)) continue;
    } else if (a->ifa_addr->sa_family == AF_INET6) {
      const auto* in = reinterpret_cast<const sockaddr_in6*>(a->ifa_addr);
      if (!inet_ntop(AF_INET6, &in->sin6_addr, text, sizeof text)) continue;
    } else {
      continue;
    }
    if (const auto rank = local_network_rank(text)) {
      const std::pair<int, std::string> entry{*rank, text};
      if (std::find(found.begin(), found.end(), entry) == found.end()) found.push_back(entry);
    }
  }
  freeifaddrs(all);
  std::stable_sort(found.begin(), found.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<std::string> out;
  for (auto& f : found) out.push_back(std::move(f.second));
  return out;
}

std::string url_host(const std::string& address) {
  return address.find(':') != std::string::npos ? "[" + address + "]" : address;
}

}  // namespace bocage
