// What one address may ask of the web companion's server (issue 33, item 5):
// a rate of requests (a token bucket per address: a burst, then so many a
// second; beyond it 429 and nothing done) and a number of long polls held at
// once, per address and in all, so that a flood of polls from one machine
// never holds every worker and the players' taps always find one.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>

namespace bocage {

class RequestLimits {
 public:
  struct Config {
    double per_second = 40;     // requests an address may make each second...
    double burst = 80;          // ...after a burst of this many
    int polls_per_address = 8;  // long polls one address may hold at once
    int polls_in_all = 24;      // and all addresses together
    size_t addresses = 1024;    // addresses remembered (the idlest forgotten first)
    /// A request's head and body must arrive within this many milliseconds
    /// of its connection's opening (or of its last answer, kept alive):
    /// else the connection is closed.
    int request_deadline_ms = 10000;
    /// Connections one address may hold that have shown no seat's token
    /// yet: beyond, its oldest such is closed (a new one is always taken,
    /// so a phone gets in whatever another machine holds).
    int tokenless_per_address = 32;
    /// Connections in all, each with a thread of its own.
    int connections = 512;
  };
  const Config& config() const { return config_; }
  RequestLimits() : RequestLimits(Config{}) {}
  explicit RequestLimits(Config config) : config_(config) {}

  using Clock = std::chrono::steady_clock;
  /// Whether a request from `address` at `now` is within its rate (it is
  /// then counted).
  bool admit(const std::string& address, Clock::time_point now = Clock::now());

  /// A long poll held while it lives; `held` is false when the limits say no
  /// (the request is then answered at once).
  class Poll {
   public:
    Poll(RequestLimits& limits, const std::string& address);
    ~Poll();
    Poll(const Poll&) = delete;
    Poll& operator=(const Poll&) = delete;
    bool held = false;

   private:
    RequestLimits& limits_;
    std::string address_;
  };

 private:
  struct Address {
    double tokens = 0;
    Clock::time_point seen;
    int polls = 0;
  };
  void forget_idlest();
  /// The entry of `address`, made with a full bucket at `now` if new (the
  /// idlest forgotten when too many are remembered); the lock held.
  Address& entry(const std::string& address, Clock::time_point now, bool& made);
  Config config_;
  std::mutex mu_;
  std::map<std::string, Address> by_address_;
  int polls_ = 0;
};

}  // namespace bocage
