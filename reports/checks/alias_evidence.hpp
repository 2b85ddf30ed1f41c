#pragma once
// Shared by the checks: why two nodes may alias (the objects both may point to and a
// witness path) turned into a finding's related locations and code flow.

#include <optional>
#include <string>
#include <vector>

#include "reports/checks/check.hpp"

namespace galias::reports {

struct AliasEvidence {
    std::vector<NodeId> objects;  // objects both may point to (source nodes)
    std::optional<Witness> witness;
};

// Evidence for clones `a` and `b` (contexts as given).
AliasEvidence gather_evidence(const CheckContext& context, std::span<const NodeId> a,
                              std::span<const NodeId> b);

// "[buf](1)" for the first common object (or the witness source), adding the related
// location; "" if there is nothing to point at.
std::string link_common_object(const CheckContext& context, const AliasEvidence& evidence, Finding& finding);

// "`q` gets its value [here](2)": the last assignment on the witness path into `node`'s
// side, adding the related location; "" if none.
std::string link_value_origin(const CheckContext& context, const AliasEvidence& evidence, bool side_b,
                              NodeId node, Finding& finding);

// Places a finding at a call: its region, and for a call a macro's body spells, a key that
// tells the calls of one expansion apart.
void locate_at_call(const facts::CallSite& call, Finding& finding);
// For a call a macro's body spells, links the spelling from the message (after it is set).
void link_macro_spelling(const facts::CallSite& call, Finding& finding);

// Adds a related location and returns "[text](id)".
std::string add_related(Finding& finding, const SourceRegion& region, const std::string& text,
                        const std::string& message);

// Fills finding.witness from the evidence.
void attach_witness(const CheckContext& context, const AliasEvidence& evidence, Finding& finding);

// "`dst`" for a named argument, "argument 2" otherwise (index 0-based).
std::string argument_label(const CheckContext& context, NodeId node, std::size_t index);

// Region of a node's own position, as long as its short name.
SourceRegion node_region(const CheckContext& context, NodeId node);

}  // namespace galias::reports
