// ParseExpressionCached (text_cache.h).
#include "classad/text_cache.h"

#include <utility>

namespace classad {

Result<ExprPtr> ParseExpressionCached(std::string_view text, const ParseOptions& options,
                                      TextCache<ExprPtr>* cache) {
  bool keep = false;
  if (const ExprPtr* kept = cache->Find(text, &keep)) return *kept;
  Result<ExprPtr> parsed = ParseExpression(text, options);
  if (!parsed.ok() || !keep) return parsed;
  return cache->Keep(text, std::move(parsed).value());
}

}  // namespace classad
