/// Placeholder.
public enum CommercePlaceholder {}
