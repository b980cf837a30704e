// A program outside the project that uses the installed engine, as a site's
// C++ code would: evaluates a job's Requirements against a slot ad, reads a
// configuration text and opens an accountant store (SQLite). Built by
// tests/packaging/install_consumer_test.sh with find_package(CONFIG) and
// with pkg-config against an installed tree. Prints one line per step;
// exits 1 on the first failure.
//
//   consumer STORE_PATH
#include <cstdio>
#include <string>

#include "classad/classad.h"
#include "classad/evaluator.h"
#include "classad/parser.h"
#include "classad/unparse.h"
#include "classad/version.h"
#include "negotiator/accountant/store/accountant_store.h"
#include "policy/config.h"
#include "policy/config_reader.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: consumer STORE_PATH\n");
    return 1;
  }
  std::printf("version %s\n", classad::kEngineVersion);

  auto job = classad::ParseAd("[ RequestMemory = 2048; Requirements = TARGET.Memory >= MY.RequestMemory ]");
  auto slot = classad::ParseAd("[ Memory = 4096; Name = \"slot1@example\" ]");
  if (!job.ok() || !slot.ok()) {
    std::fprintf(stderr, "parse failed\n");
    return 1;
  }
  classad::Value value = classad::EvaluateAttr(**job, "Requirements", slot->get());
  std::printf("requirements %s\n", classad::UnparseValue(value).c_str());

  auto config = policy::ReadConfigText("A = 2\nNEGOTIATOR.B = $(A) * 3\n", "consumer.conf",
                                       policy::ConfigOptions{});
  if (!config.ok()) {
    std::fprintf(stderr, "%s\n", config.status().ToString().c_str());
    return 1;
  }
  auto b = config->Lookup("B");
  if (!b.ok() || !b->has_value()) {
    std::fprintf(stderr, "B is not defined\n");
    return 1;
  }
  std::printf("config B = %s\n", (*b)->value.c_str());

  auto store = negotiator::OpenAccountantStore(argv[1]);
  if (!store.ok()) {
    std::fprintf(stderr, "%s\n", store.status().ToString().c_str());
    return 1;
  }
  std::printf("store schema %d\n", (*store)->schema_version());
  return 0;
}
