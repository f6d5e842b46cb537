#include "request_limits.h"

#include <algorithm>

namespace bocage {

void RequestLimits::forget_idlest() {
  // Never an address holding a poll: its count must come back down.
  auto idlest = by_address_.end();
  for (auto it = by_address_.begin(); it != by_address_.end(); ++it)
    if (it->second.polls == 0 &&
        (idlest == by_address_.end() || it->second.seen < idlest->second.seen))
      idlest = it;
  if (idlest != by_address_.end()) by_address_.erase(idlest);
}

RequestLimits::Address& RequestLimits::entry(const std::string& address, Clock::time_point now,
                                             bool& made) {
  auto it = by_address_.find(address);
  made = it == by_address_.end();
  if (made) {
    if (by_address_.size() >= config_.addresses) forget_idlest();
    it = by_address_.emplace(address, Address{config_.burst, now, 0}).first;
  }
  return it->second;
}

bool RequestLimits::admit(const std::string& address, Clock::time_point now) {
  std::lock_guard g(mu_);
  bool made = false;
  Address& a = entry(address, now, made);
  if (!made) {
    const double seconds = std::chrono::duration<double>(now - a.seen).count();
    a.tokens = std::min(config_.burst, a.tokens + std::max(0.0, seconds) * config_.per_second);
    a.seen = std::max(a.seen, now);
  }
  if (a.tokens < 1) return false;
  a.tokens -= 1;
  return true;
}

RequestLimits::Poll::Poll(RequestLimits& limits, const std::string& address)
    : limits_(limits), address_(address) {
  std::lock_guard g(limits_.mu_);
  bool made = false;
  Address& a = limits_.entry(address_, Clock::now(), made);
  if (a.polls >= limits_.config_.polls_per_address ||
      limits_.polls_ >= limits_.config_.polls_in_all)
    return;
  ++a.polls;
  ++limits_.polls_;
  held = true;
}

RequestLimits::Poll::~Poll() {
  if (!held) return;
  std::lock_guard g(limits_.mu_);
  auto it = limits_.by_address_.find(address_);
  if (it != limits_.by_address_.end()) --it->second.polls;
  --limits_.polls_;
}

}  // namespace bocage
