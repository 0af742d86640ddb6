#include "job_environment.hpp"

#include <algorithm>

namespace weft::tools {
namespace {

std::string_view name_of(std::string_view assignment) { return assignment.substr(0, assignment.find('=')); }

const std::string* inherited_assignment(std::span<const std::string> inherited, std::string_view name) {
  for (const std::string& assignment : inherited)
    if (name_of(assignment) == name) return &assignment;
  return nullptr;
}

// Whether the user set `name`, in mpirun's environment or with -x (already in `settings`).
bool user_chose(std::span<const env_setting> settings, std::span<const std::string> inherited, std::string_view name) {
  return inherited_assignment(inherited, name) != nullptr ||
         std::any_of(settings.begin(), settings.end(),
                     [&](const env_setting& setting) { return setting.name == name; });
}

// Sets `setting` in `settings`, replacing an earlier setting of the same name in place.
void set(std::vector<env_setting>& settings, env_setting setting) {
  auto same = std::find_if(settings.begin(), settings.end(),
                           [&](const env_setting& known) { return known.name == setting.name; });
  if (same == settings.end())
    settings.push_back(std::move(setting));
  else
    *same = std::move(setting);
}

// Variables that configure Weft itself rather than the program: every node process gets them, whatever
// its part passes on. The sanitizers' options (ASAN_OPTIONS, ...) too: a sanitized build's program reads
// them as it reads WEFT_*, and its runs on other hosts must report the same way.
bool configures_weft(std::string_view name) {
  return name.starts_with("WEFT_") || name.starts_with("FI_") || name.ends_with("SAN_OPTIONS");
}

// Variables that describe mpirun's shell and host, which -envall does not carry to another host.
bool describes_this_shell(std::string_view name) {
  constexpr std::string_view own[] = {"HOSTNAME", "PWD", "OLDPWD", "SHLVL", "_"};
  return std::find(std::begin(own), std::end(own), name) != std::end(own) || name.starts_with("SSH_");
}

// The part's choice, else the job's.
const environment_passing& passing_of(const launch_options& options, int part) {
  const auto& chosen = options.parts[static_cast<std::size_t>(part)].passing;
  return chosen ? *chosen : options.passing;
}

// Whether the part asked for `name` by name: -x VAR, or in -envlist.
bool named_by_part(const launch_options& options, int part, std::string_view name) {
  const environment_passing& passing = passing_of(options, part);
  if (passing.what == environment_passing::choice::listed &&
      std::find(passing.names.begin(), passing.names.end(), name) != passing.names.end())
    return true;
  const auto& own = options.parts[static_cast<std::size_t>(part)].environment;
  return std::any_of(own.begin(), own.end(),
                     [&](const env_setting& setting) { return !setting.value && setting.name == name; });
}

}  // namespace

env_setting setting_of(std::string_view assignment) {
  auto equals = assignment.find('=');
  if (equals == std::string_view::npos) return {std::string(assignment), std::nullopt};
  return {std::string(assignment.substr(0, equals)), std::string(assignment.substr(equals + 1))};
}

std::vector<env_setting> job_variables(const launch_options& options, const node_plan& plan, int part,
                                       std::span<const std::string> inherited, std::size_t cpus_here) {
  std::vector<env_setting> settings;
  // `-x VAR` without a value needs nothing here: a local process inherits VAR, and
  // forwarded_variables sends it to remote ones.
  for (const auto* given : {&options.environment, &options.parts[static_cast<std::size_t>(part)].environment})
    for (const env_setting& setting : *given)
      if (setting.value) set(settings, setting);
  set(settings, {"WEFT_NRANKS", std::to_string(plan.ranks)});
  if (options.parts.size() > 1) set(settings, {"WEFT_APPNUM", std::to_string(part)});
  if (options.workers) set(settings, {"WEFT_WORKERS", std::to_string(*options.workers)});
  if (options.threads_per_rank) set(settings, {"WEFT_THREADS_PER_RANK", std::to_string(*options.threads_per_rank)});
  if (options.stack_size) set(settings, {"WEFT_STACK_SIZE", *options.stack_size});
  if (options.tag_output) set(settings, {"WEFT_TAG_OUTPUT", "1"});
  if (options.report_bindings) set(settings, {"WEFT_REPORT_BINDINGS", "1"});
  if (options.output_file) set(settings, {"WEFT_OUTPUT_FILE", *options.output_file});
  if (options.error_file) set(settings, {"WEFT_ERROR_FILE", *options.error_file});
  if (options.output_copy) set(settings, {"WEFT_OUTPUT_COPY", "1"});
  if (plan.nodes.size() < 2) return settings;

  std::string node_ranks;
  for (const planned_node& node : plan.nodes)
    node_ranks += (node_ranks.empty() ? "" : ",") + std::to_string(node.ranks);
  set(settings, {"WEFT_NODE_RANKS", node_ranks});
  // Node processes on this machine keep every byte on loopback; elsewhere the interface the user chose
  // for the job serves the fabric too.
  if (!user_chose(settings, inherited, "FI_TCP_IFACE")) {
    if (cpus_here > 0)
      set(settings, {"FI_TCP_IFACE", "lo"});
    else if (options.interface)
      set(settings, {"FI_TCP_IFACE", *options.interface});
  }
  if (cpus_here > 0 && plan.nodes.size() > cpus_here && !user_chose(settings, inherited, "WEFT_YIELD_WHEN_IDLE"))
    set(settings, {"WEFT_YIELD_WHEN_IDLE", "1"});
  return settings;
}

std::vector<std::string> local_environment(const launch_options& options, int part,
                                           std::span<const std::string> inherited,
                                           std::span<const env_setting> settings) {
  const environment_passing::choice passing = passing_of(options, part).what;
  std::vector<std::string> environment;
  for (const std::string& assignment : inherited) {
    std::string_view name = name_of(assignment);
    bool passed = passing == environment_passing::choice::by_default || passing == environment_passing::choice::all ||
                  configures_weft(name) || named_by_part(options, part, name);
    bool replaced = std::any_of(settings.begin(), settings.end(),
                                [&](const env_setting& setting) { return setting.value && setting.name == name; });
    if (passed && !replaced) environment.push_back(assignment);
  }
  for (const env_setting& setting : settings)
    if (setting.value) environment.push_back(setting.name + "=" + *setting.value);
  return environment;
}

std::vector<env_setting> forwarded_variables(const launch_options& options, int part,
                                             std::span<const std::string> inherited,
                                             std::span<const env_setting> settings) {
  const bool all = passing_of(options, part).what == environment_passing::choice::all;
  std::vector<env_setting> forwarded;
  for (const std::string& assignment : inherited) {
    std::string_view name = name_of(assignment);
    if (configures_weft(name) || named_by_part(options, part, name) || (all && !describes_this_shell(name)))
      set(forwarded, setting_of(assignment));
  }
  for (const env_setting& setting : settings)
    if (setting.value) set(forwarded, setting);
  return forwarded;
}

}  // namespace weft::tools
