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

bool RequestLimits::admit(const std::string& address, Clock::time_point now) {
  std::lock_guard g(mu_);
  auto it = by_address_.find(address);
  if (it == by_address_.end()) {
    if (by_address_.size() >= config_.addresses) forget_idlest();
    it = by_address_.emplace(address, Address{config_.burst, now, 0}).first;
  } else {
    const double seconds = std::chrono::duration<double>(now - it->second.seen).count();
    it->second.tokens =
        std::min(config_.burst, it->second.tokens + std::max(0.0, seconds) * config_.per_second);
    it->second.seen = std::max(it->second.seen, now);
  }
  if (it->second.tokens < 1) return false;
  it->second.tokens -= 1;
  return true;
}

RequestLimits::Poll::Poll(RequestLimits& limits, const std::string& address)
    : limits_(limits), address_(address) {
  std::lock_guard g(limits_.mu_);
  auto it = limits_.by_address_.find(address_);
  if (it == limits_.by_address_.end()) {
    if (limits_.by_address_.size() >= limits_.config_.addresses) limits_.forget_idlest();
    it = limits_.by_address_.emplace(address_, Address{limits_.config_.burst, Clock::now(), 0})
             .first;
  }
  if (it->second.polls >= limits_.config_.polls_per_address ||
      limits_.polls_ >= limits_.config_.polls_in_all)
    return;
  ++it->second.polls;
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
